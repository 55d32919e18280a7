// The console's cookies: HttpOnly, SameSite=Lax, Secure (and __Host-) when the service is served over HTTPS.
import type { FastifyReply } from 'fastify';
import type { Config } from '../../../config.ts';

export interface ConsoleCookies {
  session: string;
  signIn: string;
  secure: boolean;
}

export function consoleCookies(config: Config): ConsoleCookies {
  const secure = config.baseUrl.startsWith('https:');
  const prefix = secure ? '__Host-' : '';
  return { session: `${prefix}ayuda_panel`, signIn: `${prefix}ayuda_panel_ingreso`, secure };
}

export function setCookie(
  reply: FastifyReply,
  cookies: ConsoleCookies,
  name: string,
  value: string,
  maxAgeSeconds: number,
) {
  reply.setCookie(name, value, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: cookies.secure,
    maxAge: maxAgeSeconds,
  });
}

export function clearCookie(reply: FastifyReply, cookies: ConsoleCookies, name: string) {
  reply.clearCookie(name, { path: '/', httpOnly: true, sameSite: 'lax', secure: cookies.secure });
}
