import { afterEach, describe, expect, it } from 'vitest';
import { authContracts } from '../../shared/contracts/auth';
import { NETWORK_ERROR_MESSAGE, UNKNOWN_ERROR_MESSAGE } from '../../shared/contracts/envelope';
import { userContracts } from '../../shared/contracts/user';
import { callApi } from '../../web/src/lib/api-client';
import { ApiError } from '../../web/src/lib/api-error';
import { saveSession, TOKEN_STORAGE_KEY, USER_KEY_STORAGE_KEY } from '../../web/src/lib/auth-storage';
import { profileFixture } from './support/fixtures';
import { errorBody, jsonResponse, stubFetch, stubLocationAssign, successBody } from './support/http';
import { resetWebTestState } from './support/render-app';
import { validToken } from './support/tokens';

const PROFILE_PATH = 'GET /api/v4/users/getuserprofile';
const LOGIN_PATH = 'POST /api/v4/auth/userlogin';

async function callError(call: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await call.then(
    () => null,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

describe('callApi', () => {
  afterEach(resetWebTestState);

  it('returns the contract-parsed data of a success envelope and sends the stored token', async () => {
    // Prepare
    const token = validToken();
    saveSession(token, { frch_id: 3, user_id: 7 });
    const { requests } = stubFetch({ [PROFILE_PATH]: () => jsonResponse(successBody(profileFixture())) });
    // Act
    const profile = await callApi(userContracts.getUserProfile, {});
    // Assess
    expect(profile.email).toBe('trader@example.com');
    expect(requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
  });

  it('posts the validated input as JSON without a token when none is stored', async () => {
    // Prepare
    const user = profileFixture();
    const { requests } = stubFetch({ [LOGIN_PATH]: () => jsonResponse(successBody({ token: 't', user })) });
    // Act
    await callApi(authContracts.userLogin, { email: '  Trader@Example.com ', password: 'secret' });
    // Assess
    const request = requests[0];
    expect(request?.headers.get('Authorization')).toBeNull();
    expect(request?.headers.get('Content-Type')).toBe('application/json');
    expect(await request?.json()).toEqual({ email: 'trader@example.com', password: 'secret' });
  });

  it('raises an ApiError with the server message when status is false', async () => {
    // Prepare
    stubFetch({ [LOGIN_PATH]: () => jsonResponse(errorBody('Invalid email or password.', 'UNAUTHORIZED'), 401) });
    // Act
    const error = await callError(callApi(authContracts.userLogin, { email: 'a@b.co', password: 'x' }));
    // Assess
    expect(error.message).toBe('Invalid email or password.');
    expect(error.code).toBe('UNAUTHORIZED');
    expect(error.httpStatus).toBe(401);
  });

  it('raises the server message and details when a 2xx answer carries status false', async () => {
    // Prepare
    const body = { status: false, error: { message: 'Bad input.', code: 'VALIDATION_FAILED', details: [{ path: 'email', message: 'Nope' }] } };
    stubFetch({ [PROFILE_PATH]: () => jsonResponse(body, 200) });
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.message).toBe('Bad input.');
    expect(error.details).toEqual([{ path: 'email', message: 'Nope' }]);
  });

  it("falls back to 'Unknown error. Please try again.' when the server gives no message", async () => {
    // Prepare
    stubFetch({ [PROFILE_PATH]: () => jsonResponse({ status: false, error: { code: 'INTERNAL' } }, 500) });
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(error.httpStatus).toBe(500);
  });

  it("raises 'Api request error' when the network fails", async () => {
    // Prepare
    const { fetchStub } = stubFetch({});
    fetchStub.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.message).toBe(NETWORK_ERROR_MESSAGE);
    expect(error.code).toBe('NETWORK_ERROR');
  });

  it('clears the session and hard-redirects to /platform/login on a 401', async () => {
    // Prepare
    saveSession(validToken(), { frch_id: 3, user_id: 7 });
    const assign = stubLocationAssign();
    stubFetch({ [PROFILE_PATH]: () => jsonResponse(errorBody('Token expired.', 'TOKEN_EXPIRED'), 401) });
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.httpStatus).toBe(401);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY_STORAGE_KEY)).toBeNull();
    expect(assign).toHaveBeenCalledWith('/platform/login');
  });

  it('leaves a newer session alone when a request sent with an earlier token answers 401', async () => {
    // Prepare: the request leaves with the old token; meanwhile the user logs out and in again.
    const earlier = validToken({ user_id: 7, frch_id: 3 });
    saveSession(earlier, { frch_id: 3, user_id: 7 });
    const assign = stubLocationAssign();
    const newer = validToken({ user_id: 8, frch_id: 3 });
    stubFetch({
      [PROFILE_PATH]: () => {
        saveSession(newer, { frch_id: 3, user_id: 8 });
        return jsonResponse(errorBody('Session ended. Please log in again.', 'UNAUTHORIZED'), 401);
      },
    });
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.httpStatus).toBe(401);
    expect(localStorage.getItem(TOKEN_STORAGE_KEY)).toBe(newer);
    expect(assign).not.toHaveBeenCalled();
  });

  it('does not redirect when the login call itself answers 401', async () => {
    // Prepare
    const assign = stubLocationAssign();
    stubFetch({ [LOGIN_PATH]: () => jsonResponse(errorBody('Invalid email or password.', 'UNAUTHORIZED'), 401) });
    // Act
    await callError(callApi(authContracts.userLogin, { email: 'a@b.co', password: 'x' }));
    // Assess
    expect(assign).not.toHaveBeenCalled();
  });

  it('raises an error when the data does not match the contract schema', async () => {
    // Prepare
    stubFetch({ [PROFILE_PATH]: () => jsonResponse(successBody({ email: 'only-an-email@example.com' })) });
    // Act
    const error = await callError(callApi(userContracts.getUserProfile, {}));
    // Assess
    expect(error.message).toBe(UNKNOWN_ERROR_MESSAGE);
    expect(error.code).toBe('INVALID_RESPONSE');
  });

  it('rejects input that breaks the request schema before anything is sent', async () => {
    // Prepare
    const { fetchStub } = stubFetch({});
    // Act
    const error = await callError(callApi(authContracts.userLogin, { email: 'not-an-email', password: 'x' }));
    // Assess
    expect(error.code).toBe('VALIDATION_FAILED');
    expect(error.message).toBe('Enter a valid email address.');
    expect(fetchStub).not.toHaveBeenCalled();
  });
});
