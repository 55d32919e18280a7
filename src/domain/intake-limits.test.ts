import assert from 'node:assert/strict';
import { test } from 'node:test';
import { loadConfig } from '../config.ts';
import {
  allowance,
  DEFAULT_CHANNEL_MESSAGES_PER_MINUTE,
  DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY,
} from './intake-limits.ts';

const limits = { messagesPerMinute: 20, submissionsPerDay: 5 };
const base = { messagesInMinute: 1, submissionsInDay: 0, messagesSinceLast: 0 };

test('a message is taken within both limits; past the minute it is quiet, past the day told once then quiet', () => {
  assert.equal(allowance(base, limits), 'take');
  assert.equal(allowance({ ...base, messagesInMinute: 20 }, limits), 'take', 'the twentieth is still answered');
  assert.equal(allowance({ ...base, messagesInMinute: 21 }, limits), 'quiet');
  assert.equal(allowance({ ...base, submissionsInDay: 4, messagesSinceLast: 3 }, limits), 'take');
  assert.equal(allowance({ ...base, submissionsInDay: 5 }, limits), 'tell', 'the first message after the fifth');
  assert.equal(allowance({ ...base, submissionsInDay: 5, messagesSinceLast: 1 }, limits), 'quiet', 'told already');
  assert.equal(allowance({ ...base, messagesInMinute: 21, submissionsInDay: 5 }, limits), 'quiet');
});

test('the limits come from CHANNEL_MESSAGES_PER_MINUTE and CHANNEL_SUBMISSIONS_PER_DAY, checked', () => {
  assert.deepEqual(loadConfig({}).intakeLimits, {
    messagesPerMinute: DEFAULT_CHANNEL_MESSAGES_PER_MINUTE,
    submissionsPerDay: DEFAULT_CHANNEL_SUBMISSIONS_PER_DAY,
  });
  const set = loadConfig({ CHANNEL_MESSAGES_PER_MINUTE: '8', CHANNEL_SUBMISSIONS_PER_DAY: '2' }).intakeLimits;
  assert.deepEqual(set, { messagesPerMinute: 8, submissionsPerDay: 2 });
  assert.throws(() => loadConfig({ CHANNEL_MESSAGES_PER_MINUTE: '0' }), /CHANNEL_MESSAGES_PER_MINUTE/);
  assert.throws(() => loadConfig({ CHANNEL_SUBMISSIONS_PER_DAY: 'cinco' }), /CHANNEL_SUBMISSIONS_PER_DAY/);
});
