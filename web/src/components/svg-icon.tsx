interface SvgIconProps {
  /** Path data on a 24 × 24 grid. */
  path: string;
  /** Named icons are announced (role img); unnamed ones are decoration and hidden from assistive tech. */
  label?: string;
  size?: number;
  className?: string;
}

/** A single-path icon that takes the text colour. */
export function SvgIcon({ path, label, size = 20, className }: SvgIconProps) {
  const naming = label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true };
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} fill="currentColor" focusable="false" className={className} {...naming}>
      <path d={path} />
    </svg>
  );
}
