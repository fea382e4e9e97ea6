/** One item of the message menu; the menu's arrow keys move between them. */
export const MenuItem = ({ onClick, children }: { onClick: () => void; children: string }) => (
  <button type="button" role="menuitem" onClick={onClick}>
    {children}
  </button>
)
