// What each step asks, with its options: the same question whether asked first, again, or after a mistake.
import { bounds } from '../bounds.ts';
import { oneLine } from './clean-text.ts';
import {
  categoryOptions,
  confirmOptions,
  consentOptions,
  emergencyOptions,
  municipalityOptions,
  profileOption,
  skipOption,
  typeOptions,
  urgencyOptions,
} from './options.ts';
import type { Question } from './replies.ts';
import { summaryLines } from './summary.ts';
import { texts } from './texts.ts';
import type { ConversationEnv, ConversationState } from './types.ts';

/** The WhatsApp profile name, when it can be a contact name as it is. */
export function usableProfileName(env: ConversationEnv): string | undefined {
  const name = oneLine(env.profileName ?? '');
  const { min, max } = bounds.contactName;
  return name.length >= min && name.length <= max && /\p{L}/u.test(name) ? name : undefined;
}

export function question(state: ConversationState, env: ConversationEnv): Question {
  const { draft } = state;
  const type = draft.type ?? 'request';
  switch (state.step) {
    case 'type':
      return { text: texts.askType(), options: typeOptions };
    case 'emergency':
      return { text: texts.askEmergency(), options: emergencyOptions(env) };
    case 'category':
      return { text: texts.askCategory(type), options: categoryOptions(type, env.medium, state.page) };
    case 'what':
      return { text: texts.askWhat(type) };
    case 'quantity':
      return { text: texts.askQuantity(), options: [skipOption('No sé')], numbered: false };
    case 'urgency':
      return { text: texts.askUrgency(), options: urgencyOptions };
    case 'place':
      return { text: texts.askPlace(type, env.medium) };
    case 'place_pick': {
      const options = municipalityOptions(state.candidates ?? []);
      return { text: texts.askPlacePick(options.length), options, after: texts.orOtherMunicipality() };
    }
    case 'neighborhood':
      return { text: texts.askNeighborhood(), options: [skipOption('No aplica')], numbered: false };
    case 'address':
      return type === 'request'
        ? { text: texts.askAddress(type) }
        : { text: texts.askAddress(type), options: [skipOption('Omitir')], numbered: false };
    case 'name': {
      const profile = usableProfileName(env);
      return profile
        ? { text: texts.askName(true), options: [profileOption(profile)] }
        : { text: texts.askName(false) };
    }
    case 'consent':
      return { text: texts.askConsent(type, env.medium, draft.contactName ?? ''), options: consentOptions };
    case 'confirm':
      return {
        text: [texts.summaryTitle(type), ...summaryLines(draft, env), '', texts.askConfirm(type)].join('\n'),
        options: confirmOptions,
        after: texts.confirmExit(),
      };
  }
}
