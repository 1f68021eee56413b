interface LogoProps {
  size?: number;
  title?: string;
}

/** The Mouldwatch mark: a mould block with a live signal trace through its cavity. */
export function Logo({ size = 32, title }: LogoProps) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 32 32"
      role={title ? 'img' : undefined}
      aria-label={title}
      aria-hidden={title ? undefined : true}
      focusable="false"
    >
      <defs>
        <linearGradient id="mw-logo-fill" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#3b8cff" />
          <stop offset="1" stopColor="#1456c7" />
        </linearGradient>
      </defs>
      <rect x="1" y="1" width="30" height="30" rx="7" fill="url(#mw-logo-fill)" />
      <rect
        x="6"
        y="7"
        width="20"
        height="18"
        rx="2.5"
        fill="none"
        stroke="#ffffff"
        strokeOpacity="0.45"
        strokeWidth="1.6"
      />
      <path
        d="M6 17h5l2.2-5.5 3.6 10 2.6-7 1.6 2.5H26"
        fill="none"
        stroke="#ffffff"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
