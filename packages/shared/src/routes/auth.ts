// Generated from the route contracts by `npm run contracts`; do not edit.
import type { RouteRef } from "../contract";

export const authProviders: RouteRef<"auth.providers"> = ["GET", "/api/account/providers"];
export const authSignUp: RouteRef<"auth.signUp"> = ["POST", "/api/account/sign-up"];
export const authSignIn: RouteRef<"auth.signIn"> = ["POST", "/api/account/sign-in"];
export const authSignOut: RouteRef<"auth.signOut"> = ["POST", "/api/account/sign-out"];
export const authForgotPassword: RouteRef<"auth.forgotPassword"> = ["POST", "/api/account/forgot-password"];
export const authResetPassword: RouteRef<"auth.resetPassword"> = ["POST", "/api/account/reset-password"];
export const authResendVerification: RouteRef<"auth.resendVerification"> = ["POST", "/api/account/resend-verification"];
export const authGoogleStart: RouteRef<"auth.googleStart"> = ["GET", "/api/account/google/start"];
export const authVerifyEmail: RouteRef<"auth.verifyEmail"> = ["GET", "/api/auth/verify-email"];
export const authOauthCallback: RouteRef<"auth.oauthCallback"> = ["GET", "/api/auth/callback/:provider"];
export const authOauthCallbackPost: RouteRef<"auth.oauthCallbackPost"> = ["POST", "/api/auth/callback/:provider"];
