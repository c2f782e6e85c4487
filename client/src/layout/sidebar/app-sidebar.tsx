/** The registered user's sidebar (spec section 2). Being built: navigation and Recent Requests. */
export function AppSidebar(_props: { onNavigate(): void }) {
  return null;
}
