import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { UserProfile } from '../../shared/contracts/user-profile';
import { saveSession } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE = 'GET /api/v4/users/getuserprofile';
const NOTIFICATIONS = 'POST /api/v4/users/getusernotifications';
const UPDATE_PROFILE = 'POST /api/v4/users/updateuserprofile';

const noNotifications = () => jsonResponse(successBody({ items: [], total: 0, unread_count: 0 }));

function signIn(): void {
  saveSession(validToken({ user_id: 7, frch_id: 3 }), { user_id: 7, frch_id: 3 });
}

/** The profile answer follows what the last update returned, as the server would. */
function profileServer(initial: UserProfile) {
  let current = initial;
  return {
    profile: () => jsonResponse(successBody(current)),
    update: (next: UserProfile) => {
      current = next;
      return jsonResponse(successBody(next, 'Profile updated'));
    },
  };
}

function imageFile(type: string, bytes: number, name = 'me.png'): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

async function openEditForm(): Promise<HTMLElement> {
  fireEvent.click(await screen.findByRole('button', { name: 'Edit profile' }));
  return screen.findByRole('form', { name: 'Edit profile' });
}

/**
 * The body the page handed to fetch. jsdom's FormData and File are not the ones Node's Request knows,
 * so the multipart body is read as sent rather than through a re-parsed Request.
 */
function sentForm(fetchStub: { mock: { calls: unknown[][] } }, path: string): FormData {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith(path));
  const init: unknown = call?.[1];
  const body = typeof init === 'object' && init !== null && 'body' in init ? init.body : null;
  if (!(body instanceof FormData)) throw new Error(`no multipart body was sent to ${path}`);
  return body;
}

function sentHeaders(fetchStub: { mock: { calls: unknown[][] } }, path: string): Headers {
  const call = fetchStub.mock.calls.find(([input]) => String(input).endsWith(path));
  const init: unknown = call?.[1];
  const headers = typeof init === 'object' && init !== null && 'headers' in init ? init.headers : null;
  if (!(headers instanceof Headers)) throw new Error(`no headers were sent to ${path}`);
  return headers;
}

function choosePicture(file: File): void {
  fireEvent.change(screen.getByLabelText('Profile picture'), { target: { files: [file] } });
}

describe('profile page', () => {
  afterEach(resetWebTestState);

  it('shows the profile', async () => {
    // Prepare
    signIn();
    stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: noNotifications });
    // Act
    renderApp('/profile');
    // Assess
    const main = await screen.findByRole('main');
    expect(await within(main).findByRole('heading', { name: 'Asha Rao' })).toBeTruthy();
    for (const text of ['trader@example.com', '9876543210', 'Maharashtra', 'Pune', '30-50']) {
      expect(within(main).getByText(text)).toBeTruthy();
    }
  });

  it("shows the contract's messages for missing names", async () => {
    // Prepare
    signIn();
    const { requests } = stubFetch({ [PROFILE]: () => jsonResponse(successBody(profileFixture())), [NOTIFICATIONS]: noNotifications });
    renderApp('/profile');
    await openEditForm();
    // Act
    fireEvent.change(screen.getByLabelText('First name'), { target: { value: '  ' } });
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(await screen.findByText('First name is required.')).toBeTruthy();
    expect(screen.getByText('Last name is required.')).toBeTruthy();
    expect(requests.some((request) => request.url.endsWith('/users/updateuserprofile'))).toBe(false);
  });

  it.each([
    ['a GIF', imageFile('image/gif', 1_000, 'me.gif'), 'Choose a PNG, JPEG or WebP image.'],
    ['a picture over 2 MB', imageFile('image/png', 2 * 1024 * 1024 + 1), 'The image must be at most 2 MB.'],
  ])('refuses %s in the browser', async (_label, file, message) => {
    // Prepare
    signIn();
    const server = profileServer(profileFixture());
    const { fetchStub } = stubFetch({
      [PROFILE]: server.profile,
      [NOTIFICATIONS]: noNotifications,
      [UPDATE_PROFILE]: () => server.update(profileFixture()),
    });
    renderApp('/profile');
    await openEditForm();
    // Act
    choosePicture(file);
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(await screen.findByText(message)).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'New profile picture preview' })).toBeNull();
    await screen.findByText('Your profile has been saved.');
    expect(sentForm(fetchStub, '/users/updateuserprofile').has('profile')).toBe(false);
  });

  it('saves names, place, age range and a new picture in one multipart call, then refreshes the profile', async () => {
    // Prepare
    signIn();
    const server = profileServer(profileFixture());
    const saved = profileFixture({ first_name: 'Asha', last_name: 'Kulkarni', city: 'Mumbai', age_range: '18-30', profile_image: '/files/3/7/profile.png' });
    const { fetchStub, requests } = stubFetch({
      [PROFILE]: server.profile,
      [NOTIFICATIONS]: noNotifications,
      [UPDATE_PROFILE]: () => server.update(saved),
    });
    renderApp('/profile');
    await openEditForm();
    fireEvent.change(screen.getByLabelText('Last name'), { target: { value: ' Kulkarni ' } });
    fireEvent.change(screen.getByLabelText('City'), { target: { value: 'Mumbai' } });
    fireEvent.change(screen.getByLabelText('Age range'), { target: { value: '18-30' } });
    choosePicture(imageFile('image/png', 2_048));
    expect(await screen.findByRole('img', { name: 'New profile picture preview' })).toBeTruthy();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(await screen.findByText('Your profile has been saved.')).toBeTruthy();
    expect(sentHeaders(fetchStub, '/users/updateuserprofile').has('content-type')).toBe(false);
    const form = sentForm(fetchStub, '/users/updateuserprofile');
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      first_name: 'Asha',
      last_name: 'Kulkarni',
      state: 'Maharashtra',
      city: 'Mumbai',
      age_range: '18-30',
    });
    const picture = form.get('profile');
    const pictureFacts = picture && typeof picture !== 'string' ? { name: picture.name, type: picture.type, size: picture.size } : null;
    expect(pictureFacts).toEqual({ name: 'me.png', type: 'image/png', size: 2_048 });
    expect(await within(screen.getByRole('main')).findByRole('heading', { name: 'Asha Kulkarni' })).toBeTruthy();
    await waitFor(() => expect(requests.filter((request) => request.url.endsWith('/users/getuserprofile')).length).toBeGreaterThan(1));
    const banner = screen.getByRole('banner');
    await waitFor(() => expect(banner.querySelector('img')?.getAttribute('src')).toBe('/files/3/7/profile.png'));
  });

  it('disables the form while saving', async () => {
    // Prepare
    signIn();
    stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture())),
      [NOTIFICATIONS]: noNotifications,
      [UPDATE_PROFILE]: () => new Promise<Response>(() => {}),
    });
    renderApp('/profile');
    await openEditForm();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(await screen.findByRole('button', { name: /Saving/ })).toHaveProperty('disabled', true);
    for (const label of ['First name', 'Last name', 'State', 'City', 'Age range', 'Profile picture']) {
      expect(screen.getByLabelText(label)).toHaveProperty('disabled', true);
    }
  });

  it("shows the server's message when saving fails", async () => {
    // Prepare
    signIn();
    stubFetch({
      [PROFILE]: () => jsonResponse(successBody(profileFixture())),
      [NOTIFICATIONS]: noNotifications,
      [UPDATE_PROFILE]: () => jsonResponse(errorBody('The file is not a PNG, JPEG or WebP image.', 'VALIDATION_FAILED'), 400),
    });
    renderApp('/profile');
    await openEditForm();
    // Act
    fireEvent.click(screen.getByRole('button', { name: 'Save profile' }));
    // Assess
    expect(await screen.findByText('The file is not a PNG, JPEG or WebP image.')).toBeTruthy();
  });
});
