import { ariaOptionValue, type OptionKeys } from '../../shared/option-pick';
import { shortName } from './element-info';

/**
 * How select_option names an ARIA option (role option/menuitem…): its value is `data-value`,
 * `value` or `id`; its text is the short accessible name. The gate's facts (handlers/gate-facts.ts)
 * use these very keys, so both sides resolve `{value}` / `{label}` to the same option.
 */
export const ARIA_OPTION_KEYS: OptionKeys<Element> = {
  value: ariaOptionValue,
  valueText: shortName,
  label: shortName,
};
