import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { errorBody, jsonResponse, stubFetch, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const WHITE_LABEL = 'GET /api/v4/users/getwhitelabelimages';
const SET_PASSWORD = 'POST /api/v4/auth/setpassword';
const TOKEN = 'A'.repeat(20) + '_-' + 'b9'.repeat(10) + 'Z';

const noImages = () => jsonResponse(successBody({ horizontal_logo: null, vertical_logo: null, login_bg: null }));

function serve(answer: () => Response) {
  const bodies: unknown[] = [];
  stubFetch({
    [WHITE_LABEL]: noImages,
    [SET_PASSWORD]: async (request) => {
      bodies.push(await request.json());
      return answer();
    },
  });
  return bodies;
}

async function choose(password: string, confirmation = password) {
  fireEvent.change(await screen.findByLabelText('Password'), { target: { value: password } });
  fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmation } });
  fireEvent.click(screen.getByRole('button', { name: 'Set password' }));
}

describe('setting a first password from the welcome mail (/setpassword)', () => {
  afterEach(resetWebTestState);

  it('checks the password like registration, sets it, and sends the user to sign in with the email prefilled', async () => {
    // Prepare
    const bodies = serve(() => jsonResponse(successBody({ email: 'ravi@example.com' })));
    renderApp(`/setpassword?token=${TOKEN}`);
    // Act
    await choose('abc');
    // Assess
    expect(await screen.findByText('Password must be at least 6 characters long.')).toBeTruthy();

    // Act
    await choose('secret12', 'secret13');
    // Assess
    expect(await screen.findByText('Password and confirm password do not match.')).toBeTruthy();
    expect(bodies).toEqual([]);

    // Act
    await choose('secret12');
    // Assess
    expect(await screen.findByText('Your password is set. Sign in with ravi@example.com.')).toBeTruthy();
    expect(bodies).toEqual([{ token: TOKEN, password: 'secret12' }]);

    // Act
    fireEvent.click(screen.getByRole('link', { name: 'Go to sign in' }));
    // Assess
    await waitFor(() => expect(screen.getByTestId('current-path').textContent).toBe('/login'));
    expect(await screen.findByLabelText('Email or mobile number')).toHaveProperty('value', 'ravi@example.com');
    expect(screen.getByText('Your password is set. Sign in with ravi@example.com.')).toBeTruthy();
  });

  it("shows the server's message for a used or expired link", async () => {
    // Prepare
    const bodies = serve(() => jsonResponse(errorBody('This link has expired. Ask for a new one.', 'BUSINESS_RULE'), 422));
    renderApp(`/setpassword?token=${TOKEN}`);
    // Act
    await choose('secret12');
    // Assess
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This link has expired. Ask for a new one.');
    expect(bodies).toHaveLength(1);
  });

  it('says a broken link is not valid without asking the server', async () => {
    // Prepare
    const bodies = serve(() => jsonResponse(successBody({ email: 'nobody@example.com' })));
    // Act
    renderApp('/setpassword?token=short');
    // Assess
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'This link is not valid. Ask for a new one.');
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(bodies).toEqual([]);
  });
});
