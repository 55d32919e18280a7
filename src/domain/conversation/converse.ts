// The intake conversation as a pure state machine: the stored state and one inbound message in, a turn out.
import type { HelpType } from '../statuses.ts';
import { oneLine } from './clean-text.ts';
import { type Command, intentOf, readCommand } from './commands.ts';
import { oneAnswer } from './one-reply.ts';
import { usableProfileName } from './questions.ts';
import { paragraphs } from './replies.ts';
import { stepAnswers } from './step-answers.ts';
import { texts } from './texts.ts';
import { advance, ask, end, stored } from './turns.ts';
import type { ConversationEnv, ConversationState, Draft, Inbound, Turn } from './types.ts';

export {
  dailyLimitReplies,
  notWithdrawnReplies,
  receiptReplies,
  statusReplies,
  submitFailedReplies,
  withdrawAskReplies,
  withdrawGoneReplies,
  withdrawKeptReplies,
  withdrawnReplies,
} from './action-replies.ts';
export { isYes } from './commands.ts';

/**
 * One inbound message. The caller stores turn.state (null: no conversation open), sends turn.replies, and performs
 * turn.action if any; a turn with an action has no replies of its own: receiptReplies, submitFailedReplies,
 * statusReplies and the withdrawal replies say how the action went. Time plays no part: after a long silence the caller
 * passes null. On a medium that answers each message once (SMS), the turn's replies are one.
 */
export function converse(saved: ConversationState | null, input: Inbound, env: ConversationEnv): Turn {
  const turn = turnOf(saved, input, env);
  return { ...turn, replies: oneAnswer(turn.replies, env.medium) };
}

function turnOf(saved: ConversationState | null, input: Inbound, env: ConversationEnv): Turn {
  // A state this version cannot read (an older shape, a damaged row) starts over rather than fail.
  const state = saved && saved.version === 1 && Object.hasOwn(stepAnswers, saved.step) ? saved : null;
  if (input.kind === 'text') {
    const command = readCommand(input.text, state !== null);
    if (command) return runCommand(command, state, input, env);
  }
  if (state === null) return start(input, env);
  return stepAnswers[state.step](state, input, env);
}

function start(input: Inbound, env: ConversationEnv): Turn {
  const [only, ...others] = env.emergencies;
  if (!only) return end([texts.noEmergency()], env);
  // A first message that already says what it is about ("necesito agua", an old "Quiero ayudar" button) skips a step.
  const choice = input.kind === 'choice' ? input.id : undefined;
  const type =
    choice === 'type:request' || choice === 'type:offer'
      ? (choice.slice('type:'.length) as HelpType)
      : input.kind === 'text'
        ? intentOf(input.text)
        : undefined;
  const draft: Draft = type ? { type } : {};
  const emergency = others.length === 0 ? only.name : undefined;
  return advance(draft, env, [texts.welcome(greetingName(env), emergency, env.medium.oneReply)]);
}

/** The profile name's first word, to say hello. */
function greetingName(env: ConversationEnv): string | undefined {
  const first = oneLine(usableProfileName(env) ?? '').split(' ')[0] ?? '';
  return first.length >= 2 && first.length <= 30 ? first : undefined;
}

function runCommand(command: Command, state: ConversationState | null, input: Inbound, env: ConversationEnv): Turn {
  switch (command.kind) {
    case 'cancel':
      return end([state ? texts.cancelled() : texts.nothingToCancel()], env);
    case 'menu':
      return state ? ask(state, env, [], texts.menuHint()) : start(input, env);
    case 'status':
    case 'withdraw': {
      // The open conversation stays as it was. A valid code's answer comes from the caller, after the action.
      const kept = state && stored(state);
      if (command.code !== undefined)
        return { state: kept, replies: [], action: { kind: command.kind, code: command.code } };
      const badCode = paragraphs([texts.badCode(command.kind)], env.medium.maxText);
      return { state: kept, replies: state ? [...badCode, ...ask(state, env, [texts.resume()]).replies] : badCode };
    }
  }
}
