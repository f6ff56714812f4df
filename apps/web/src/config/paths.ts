/** Every route path of the app, in one place. */
export const paths = {
  root: '/',
  login: '/login',
  signup: '/signup',
  forgotPassword: '/forgot-password',
  activateAccount: '/active-account',
  activateAccountWithCode: (code: string) => `/active-account/${encodeURIComponent(code)}`,
  resetFinish: '/reset/finish',
  faq: '/faq',
  settings: '/settings',
  main: '/main',
  mainOrders: '/main/orders',
  mainFavourites: '/main/favourites',
  mainRetouched: '/main/retouched',
  mainShared: '/main/shared',
  mainDownload: '/main/download',
  mainFavouriteRetouch: '/main/favouriteRetouch',
} as const;
