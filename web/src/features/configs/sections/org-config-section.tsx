import type { ConfigSectionProps } from '../config-section-props';
import { ConfigForm } from '../form/config-form';
import { ConfigTextField } from '../form/config-text-field';

const LINKS = [
  ['website', 'Website'],
  ['terms_url', 'Terms and conditions page'],
  ['privacy_url', 'Privacy policy page'],
  ['twitter_url', 'X (Twitter)'],
  ['telegram_url', 'Telegram'],
  ['youtube_url', 'YouTube'],
  ['instagram_url', 'Instagram'],
] as const;

/** ORG_CONFIG: who the franchise is (name, address, support contacts, GSTIN) and its links, shown to its users. */
export function OrgConfigSection({ view }: ConfigSectionProps) {
  return (
    <ConfigForm view={view}>
      <ConfigTextField name="organisation_name" label="Organisation name" autoComplete="organization" />
      <ConfigTextField name="address" label="Address" multiline autoComplete="street-address" />
      <div className="configs-page__pair">
        <ConfigTextField name="support_email" label="Support email" type="email" />
        <ConfigTextField name="support_phone" label="Support phone" type="tel" />
      </div>
      <ConfigTextField name="gstin" label="GSTIN" uppercase placeholder="27AAPFU0939F1ZV" descriptiveText="15 characters; leave blank if you have none." />
      <div className="configs-page__links">
        {LINKS.map(([name, label]) => (
          <ConfigTextField key={name} name={name} label={label} type="url" placeholder="https://" />
        ))}
      </div>
    </ConfigForm>
  );
}
