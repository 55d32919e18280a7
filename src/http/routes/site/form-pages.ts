import type { FastifyInstance } from 'fastify';
import type { Context } from '../../../context.ts';
import type { Limiters } from '../../plugins/rate-limit.ts';

export function formPages(_app: FastifyInstance, _ctx: Context, _limiters: Limiters): void {}
