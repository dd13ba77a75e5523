import { afterEach, describe, expect, it } from 'vitest';
import { userContracts } from '../../shared/contracts/user';
import { callApi } from '../../web/src/lib/api-client';
import { ApiError } from '../../web/src/lib/api-error';
import { profileFixture } from './support/fixtures';
import { jsonResponse, stubFetch, successBody } from './support/http';
import { resetWebTestState } from './support/render-app';

const UPDATE_PROFILE = 'POST /api/v4/users/updateuserprofile';
const SET_IMAGES = 'POST /api/v4/users/setwhitelabelimages';

const FIELDS = { first_name: ' Asha ', last_name: 'Rao', state: 'Maharashtra', city: 'Pune' };

function sentInit(fetchStub: { mock: { calls: unknown[][] } }): { body: FormData; headers: Headers } {
  const init: unknown = fetchStub.mock.calls[0]?.[1];
  const body = typeof init === 'object' && init !== null && 'body' in init ? init.body : null;
  const headers = typeof init === 'object' && init !== null && 'headers' in init ? init.headers : null;
  if (!(body instanceof FormData) || !(headers instanceof Headers)) throw new Error('no multipart request was sent');
  return { body, headers };
}

async function failure(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(() => null, (reason: unknown) => reason);
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('callApi with a multipart contract', () => {
  afterEach(resetWebTestState);

  it('sends the validated text fields and the file part, leaving Content-Type to the browser', async () => {
    // Prepare
    const { fetchStub } = stubFetch({ [UPDATE_PROFILE]: () => jsonResponse(successBody(profileFixture())) });
    const picture = new File([new Uint8Array(10)], 'face.webp', { type: 'image/webp' });
    // Act
    await callApi(userContracts.updateUserProfile, FIELDS, {}, { profile: picture });
    // Assess
    const { body, headers } = sentInit(fetchStub);
    expect(headers.has('content-type')).toBe(false);
    expect(body.get('first_name')).toBe('Asha');
    expect(body.get('city')).toBe('Pune');
    expect(body.has('age_range')).toBe(false);
    const file = body.get('profile');
    expect(file && typeof file !== 'string' ? [file.name, file.type, file.size] : null).toEqual(['face.webp', 'image/webp', 10]);
  });

  it('sends the text fields alone when an optional file is absent', async () => {
    // Prepare
    const { fetchStub } = stubFetch({ [UPDATE_PROFILE]: () => jsonResponse(successBody(profileFixture())) });
    // Act
    await callApi(userContracts.updateUserProfile, FIELDS);
    // Assess
    expect([...sentInit(fetchStub).body.keys()]).toEqual(['first_name', 'last_name', 'state', 'city']);
  });

  it.each([
    ['a wrong type', new File(['GIF89a'], 'x.gif', { type: 'image/gif' }), 'Choose a PNG, JPEG or WebP image.'],
    ['an oversized file', new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'x.png', { type: 'image/png' }), 'The image must be at most 2 MB.'],
  ])('refuses %s before sending', async (_label, file, message) => {
    // Prepare
    const { fetchStub } = stubFetch({});
    // Act
    const error = await failure(callApi(userContracts.updateUserProfile, FIELDS, {}, { profile: file }));
    // Assess
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.details).toEqual([{ path: 'profile', message }]);
    expect(fetchStub).not.toHaveBeenCalled();
  });

  it('refuses a call whose required file is missing', async () => {
    // Prepare
    const { fetchStub } = stubFetch({ [SET_IMAGES]: () => jsonResponse(successBody({})) });
    // Act
    const error = await failure(callApi(userContracts.setWhiteLabelImages, { image_type: 'login_bg' }));
    // Assess
    expect(error.details).toEqual([{ path: 'image', message: 'Choose a file.' }]);
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
