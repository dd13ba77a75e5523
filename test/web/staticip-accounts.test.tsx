import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { ANGEL_ACCOUNT, accountFixture, serveBrokerApi } from './demat-fixtures';
import { profileFixture } from './support/fixtures';
import { jsonResponse, successBody } from './support/http';
import { renderApp, resetWebTestState } from './support/render-app';

const WARNING = 'No static IP: your broker may refuse automated orders. Buy or assign one on Static Ip.';
const profileAnswer = (isIpEnabled: boolean) => ({
  'GET /api/v4/users/getuserprofile': () => jsonResponse(successBody(profileFixture({ is_ip_enable: isIpEnabled }))),
});

// The first test of a file also loads the page's chunk, and each walks a full dialog: slow on a busy machine.
describe('the static IP on the account cards', { timeout: 15_000 }, () => {
  afterEach(resetWebTestState);

  it('warns on a broker account without a static IP, links to /staticip for a user who may open it, and says nothing on paper', async () => {
    // Prepare
    serveBrokerApi([accountFixture(), ANGEL_ACCOUNT], profileAnswer(true));
    // Act
    renderApp('/demat');
    // Assess
    const angel = await screen.findByRole('article', { name: 'Angel One SmartAPI (A123456)' });
    const warning = await within(angel).findByText((_content, element) => element?.getAttribute('aria-label') === 'No static IP');
    expect(warning.textContent).toBe(WARNING);
    expect(within(warning).getByRole('link', { name: 'Static Ip' }).getAttribute('href')).toBe('/staticip');
    const paper = screen.getByRole('article', { name: 'Paper Trading (000PAP1)' });
    expect(within(paper).queryByText(/No static IP/)).toBeNull();
  });

  it('gives the warning without a link to a user who may not open /staticip', async () => {
    // Prepare
    serveBrokerApi([ANGEL_ACCOUNT], profileAnswer(false));
    // Act
    renderApp('/demat');
    // Assess
    const angel = await screen.findByRole('article', { name: 'Angel One SmartAPI (A123456)' });
    expect(await within(angel).findByText(WARNING)).toBeTruthy();
    expect(within(angel).queryByRole('link', { name: 'Static Ip' })).toBeNull();
  });

  it('shows the address and where its registration stands instead of the warning', async () => {
    // Prepare
    const onIp = {
      ...ANGEL_ACCOUNT,
      static_ip: {
        ip_id: '01JDZ0000000000000000AAAA1',
        address: '127.0.0.2',
        version: 'IPv4' as const,
        registration: 'register-yourself' as const,
        registration_error: null,
        next_change_at: null,
      },
    };
    serveBrokerApi([onIp], profileAnswer(true));
    // Act
    renderApp('/demat');
    // Assess
    const angel = await screen.findByRole('article', { name: 'Angel One SmartAPI (A123456)' });
    expect(await within(angel).findByText(/Static IP/)).toHaveProperty('textContent', 'Static IP 127.0.0.2 (IPv4) · Register it yourself in your broker’s console');
    expect(within(angel).getByText(/^Open your app in the SmartAPI dashboard/)).toBeTruthy();
    expect(within(angel).queryByText(/No static IP/)).toBeNull();
  });
});
