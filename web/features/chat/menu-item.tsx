type Props = { onClick: () => void; children: string; danger?: boolean }

/** One item of the message menu; the menu's arrow keys move between them. */
export const MenuItem = ({ onClick, children, danger }: Props) => (
  <button
    type="button"
    role="menuitem"
    className={danger ? 'danger-item' : undefined}
    onClick={onClick}
  >
    {children}
  </button>
)
