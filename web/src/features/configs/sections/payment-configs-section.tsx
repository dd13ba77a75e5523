import type { ConfigSectionProps } from '../config-section-props';
import { ConfigForm } from '../form/config-form';
import { ConfigNumberField, ConfigRupeeField } from '../form/config-number-field';
import { ConfigToggleField } from '../form/config-toggle-field';

/** PAYMENT_CONFIGS: the ways of adding credit offered, the top-up limits, the static IP price and quarantine, and the default referral percent. */
export function PaymentConfigsSection({ view }: ConfigSectionProps) {
  return (
    <ConfigForm view={view}>
      <ConfigToggleField name="phonepe_enabled" label="Pay with PhonePe" descriptiveText="Users can add credit through PhonePe." />
      <ConfigToggleField name="bank_enabled" label="Bank transfer" descriptiveText="Users can add credit by a bank transfer you approve." />
      <div className="configs-page__pair">
        <ConfigRupeeField name="min_topup" label="Smallest top-up" />
        <ConfigRupeeField name="max_topup" label="Largest top-up" />
      </div>
      <div className="configs-page__pair">
        <ConfigRupeeField name="static_ip_monthly_price" label="Static IP price per month" />
        <ConfigNumberField name="default_referral_percent" label="Default referral share" unit="percent" descriptiveText="What a referrer earns unless you set another share." />
      </div>
      <div className="configs-page__pair">
        <ConfigNumberField
          name="static_ip_quarantine_days"
          label="Static IP quarantine (days)"
          descriptiveText="How long a released address rests before anyone may buy it again: a broker may still hold it registered. At least 30."
        />
      </div>
    </ConfigForm>
  );
}
