// Presence sharing's one rule, for the Worker and the SPA alike (zod-free, so the SPA's first
// bundle can hold it): each partner sees the other's presence and typing only while both share.
// The admin view does not depend on it.
export const bothShare = (s: { mine: boolean; partner: boolean }) => s.mine && s.partner
