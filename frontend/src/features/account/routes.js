// The account feature's routes: the sign-in pages, the member's profile, and the frames the
// signed-in pages of every feature sit in (app/routes.jsx assembles them).

/**
 * The frames no shopper's first page shows: the sign-in guard (SPEC section 2), the account menu
 * around the account pages, the console's guard.
 */
export const FRAMES = {
  requireAuth: () => import('./RequireAuth.jsx'),
  accountLayout: () => import('./AccountLayout.jsx'),
  requireAdmin: () => import('./RequireAdmin.jsx'),
};

// A route: `path`; `page`, the import() of its module (a chunk of its own, loaded when the route
// first matches), whose default export is its element, with `props`; `titleKey`; `private`
// (noindex, never in the SSR's page cache: ssr/pageCache.js); `frame` ('account': behind the
// sign-in guard, in the account menu; 'member': behind the guard, full width).
export const ROUTES = [
  { path: 'login', page: () => import('./LoginPage.jsx'), titleKey: 'auth.login', private: true },
  { path: 'register', page: () => import('./RegisterPage.jsx'), titleKey: 'auth.register', private: true },
  {
    path: 'forgot-password',
    page: () => import('./ForgotPasswordPage.jsx'),
    titleKey: 'auth.forgotTitle',
    private: true,
  },
  { path: 'reset-password', page: () => import('./ResetPasswordPage.jsx'), titleKey: 'auth.resetTitle', private: true },
  // Where WeChat sends the shopper back with a code (sign-in with WeChat, bff/wechat/signin.py).
  {
    path: 'wechat-signin',
    page: () => import('../wechat/WechatSigninPage.jsx'),
    titleKey: 'auth.login',
    private: true,
  },
  { path: 'admin/join', page: () => import('./JoinPage.jsx'), titleKey: 'auth.join.title', private: true },
  {
    path: 'admin/login',
    page: () => import('./LoginPage.jsx'),
    props: { admin: true },
    titleKey: 'auth.adminTitle',
    private: true,
  },
  {
    path: 'user-profile',
    page: () => import('./ProfilePage.jsx'),
    titleKey: 'account.profile',
    private: true,
    frame: 'account',
  },
];
