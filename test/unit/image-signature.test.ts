import { describe, expect, it } from 'vitest';
import { IMAGE_TYPES } from '../../shared/contracts/define-call';
import { MAX_IMAGE_BYTES } from '../../shared/domain/otp';
import { describeImageTypes, sniffImageType } from '../../functions/platform/files/image-signature';
import { checkUploadedImage, ImageTooLargeError, ImageTypeNotAllowedError } from '../../functions/platform/files/image-upload';

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46]);
const WEBP = Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WEBPVP8 ')]);
const imagePart = { required: true, maxBytes: MAX_IMAGE_BYTES, types: IMAGE_TYPES };

describe('image type by content signature', () => {
  it('recognises PNG, JPEG and WEBP by their first bytes', () => {
    expect(sniffImageType(PNG)).toBe('image/png');
    expect(sniffImageType(JPEG)).toBe('image/jpeg');
    expect(sniffImageType(WEBP)).toBe('image/webp');
  });

  it('refuses text, truncated signatures, other RIFF files and the empty file', () => {
    expect(sniffImageType(Buffer.from('hello, I am a .png'))).toBeNull();
    expect(sniffImageType(PNG.subarray(0, 7))).toBeNull();
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.concat([Buffer.from('RIFF'), Buffer.from([36, 0, 0, 0]), Buffer.from('WAVEfmt ')]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
    expect(sniffImageType(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toBeNull();
  });

  it('names the allowed types for the error message', () => {
    expect(describeImageTypes(IMAGE_TYPES)).toBe('PNG, JPEG or WEBP');
    expect(describeImageTypes(['image/png'])).toBe('PNG');
  });
});

describe('checking an uploaded image against its contract', () => {
  it('answers the bytes with the type the content has, whatever the sender called it', () => {
    expect(checkUploadedImage('profile', JPEG, imagePart)).toEqual({ bytes: JPEG, type: 'image/jpeg' });
  });

  it("answers 413 'Image must be at most 2 MB' one byte over the limit", () => {
    const oversize = Buffer.concat([PNG, Buffer.alloc(MAX_IMAGE_BYTES + 1 - PNG.length)]);
    const attempt = () => checkUploadedImage('profile', oversize, imagePart);
    expect(attempt).toThrow(ImageTooLargeError);
    expect(attempt).toThrow('Image must be at most 2 MB');
    expect(checkUploadedImage('profile', oversize.subarray(0, MAX_IMAGE_BYTES), imagePart).type).toBe('image/png');
  });

  it("answers 400 'Only PNG, JPEG or WEBP images are allowed' for anything else", () => {
    const attempt = () => checkUploadedImage('profile', Buffer.from('GIF89a'), imagePart);
    expect(attempt).toThrow(ImageTypeNotAllowedError);
    expect(attempt).toThrow('Only PNG, JPEG or WEBP images are allowed');
  });

  it('refuses a real image of a type the contract does not list', () => {
    expect(() => checkUploadedImage('logo', WEBP, { ...imagePart, types: ['image/png'] })).toThrow('Only PNG images are allowed');
  });
});
