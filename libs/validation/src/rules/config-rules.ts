/**
 * The top-level `config` mapping (spec 14). Every field is optional and implementation-defined;
 * this service accepts the ones that cannot change what a run computes and refuses, with the
 * reason, the ones it will not carry out:
 * - `backend` is a hint: the request's backend decides (decisions 7), so it is checked and kept out of the run;
 * - `cache` tunes caching, which the backends plan themselves;
 * - `notifications` of channel `log` are the job's own log lines; `webhook` and `file` are refused;
 * - `components` are refused: custom readers, transformers and writers are code the service does not load.
 */
import {
  describeNode,
  isRawList,
  isRawMap,
  type RawMap,
  type RawNode,
  substituteText,
  type SubstitutionBudget,
  type Variables,
  YamlScalar,
} from '@pipeline/definition';
import { type ValidationError, type ValidationErrorDetails, validationErrors } from '../errors';
import { variableError } from './variable-errors';

export const CONFIG_FIELDS = ['backend', 'cache', 'notifications', 'components'] as const;
const CACHE_FIELDS = ['autoCacheThreshold', 'defaultStorageLevel'] as const;
const NOTIFICATION_FIELDS = ['onSuccess', 'onFailure'] as const;
const TARGET_FIELDS = ['channel', 'url', 'path'] as const;
export const NOTIFICATION_CHANNELS = ['log', 'webhook', 'file'] as const;

/** Why a channel is refused; `log` is honoured by the job log (`job completed`, `job failed`). */
const REFUSED_CHANNELS: Readonly<Record<string, string>> = {
  webhook: 'the server makes no outbound calls a pipeline chooses; watch the job through the API instead',
  file: 'a pipeline writes only its outputs; read the job log or the API instead',
};

/** Checks `config`; `at` is the document's position details for the mapping. */
export function checkConfig(
  node: RawNode,
  variables: Variables,
  budget: SubstitutionBudget,
  positionOf: (node: RawMap) => ValidationErrorDetails,
): ValidationError | undefined {
  if (!isRawMap(node)) return validationErrors.wrongType(undefined, 'config', 'a mapping', describeNode(node));
  const details = positionOf(node);
  const stringAt = (field: string, value: RawNode | undefined): ValidationError | string | undefined => {
    if (value === undefined) return undefined;
    if (typeof value !== 'string') return validationErrors.wrongType(undefined, field, 'a string', describeNode(value), details);
    const result = substituteText(value, variables, budget);
    return result.ok ? result.value : variableError({ ...result.problem, field }, undefined, details);
  };
  for (const [key, value] of node) {
    if (key.startsWith('x-')) continue;
    if (!(CONFIG_FIELDS as readonly string[]).includes(key)) return validationErrors.unknownField(undefined, key, 'config', CONFIG_FIELDS, details);
    if (key === 'backend') {
      const backend = stringAt('config.backend', value);
      if (typeof backend === 'object') return backend;
    } else if (key === 'cache') {
      const error = checkCache(value, details, stringAt);
      if (error !== undefined) return error;
    } else if (key === 'notifications') {
      const error = checkNotifications(value, positionOf, stringAt);
      if (error !== undefined) return error;
    } else {
      return validationErrors.notSupported(
        'config.components',
        'custom readers, transformers and writers are code the service does not load; every kind is built in',
        details,
      );
    }
  }
  return undefined;
}

type StringAt = (field: string, value: RawNode | undefined) => ValidationError | string | undefined;

function checkCache(node: RawNode, details: ValidationErrorDetails, stringAt: StringAt): ValidationError | undefined {
  if (!isRawMap(node)) return validationErrors.wrongType(undefined, 'config.cache', 'a mapping', describeNode(node), details);
  for (const [key, value] of node) {
    if (key.startsWith('x-')) continue;
    if (!(CACHE_FIELDS as readonly string[]).includes(key)) return validationErrors.unknownField(undefined, key, 'config.cache', CACHE_FIELDS, details);
    if (key === 'autoCacheThreshold') {
      const isCount = value instanceof YamlScalar && value.tag === 'int' && Number(value.text) >= 0;
      if (!isCount) return validationErrors.wrongType(undefined, 'config.cache.autoCacheThreshold', 'a non-negative integer', describeNode(value), details);
    } else {
      const level = stringAt('config.cache.defaultStorageLevel', value);
      if (typeof level === 'object') return level;
    }
  }
  return undefined;
}

function checkNotifications(node: RawNode, positionOf: (node: RawMap) => ValidationErrorDetails, stringAt: StringAt): ValidationError | undefined {
  if (!isRawMap(node)) return validationErrors.wrongType(undefined, 'config.notifications', 'a mapping', describeNode(node));
  const details = positionOf(node);
  for (const [key, value] of node) {
    if (key.startsWith('x-')) continue;
    const field = `config.notifications.${key}`;
    if (!(NOTIFICATION_FIELDS as readonly string[]).includes(key)) {
      return validationErrors.unknownField(undefined, key, 'config.notifications', NOTIFICATION_FIELDS, details);
    }
    if (!isRawList(value)) return validationErrors.wrongType(undefined, field, 'a list of notification targets', describeNode(value), details);
    for (let i = 0; i < value.length; i++) {
      const error = checkTarget(`${field}[${i}]`, value[i] as RawNode, positionOf, stringAt, details);
      if (error !== undefined) return error;
    }
  }
  return undefined;
}

function checkTarget(
  field: string,
  node: RawNode,
  positionOf: (node: RawMap) => ValidationErrorDetails,
  stringAt: StringAt,
  outer: ValidationErrorDetails,
): ValidationError | undefined {
  if (!isRawMap(node)) return validationErrors.wrongType(undefined, field, 'a mapping with a channel', describeNode(node), outer);
  const details = positionOf(node);
  for (const key of node.keys()) {
    if (!key.startsWith('x-') && !(TARGET_FIELDS as readonly string[]).includes(key)) return validationErrors.unknownField(undefined, key, field, TARGET_FIELDS, details);
  }
  const texts: Record<string, string | undefined> = {};
  for (const key of TARGET_FIELDS) {
    const value = stringAt(`${field}.${key}`, node.get(key));
    if (typeof value === 'object') return value;
    texts[key] = value;
  }
  const channel = texts['channel'];
  if (channel === undefined) return validationErrors.required(undefined, `${field}.channel`, details);
  if (!(NOTIFICATION_CHANNELS as readonly string[]).includes(channel)) {
    return validationErrors.invalidField(undefined, `${field}.channel`, `must be one of ${NOTIFICATION_CHANNELS.join(', ')} (got "${channel}")`, {
      ...details,
      expected: NOTIFICATION_CHANNELS,
    });
  }
  // The spec's conditional requirements first, so a malformed target reads as malformed, not as refused.
  if (channel === 'webhook' && texts['url'] === undefined) return validationErrors.required(undefined, `${field}.url`, details);
  if (channel === 'file' && texts['path'] === undefined) return validationErrors.required(undefined, `${field}.path`, details);
  const refused = REFUSED_CHANNELS[channel];
  return refused === undefined ? undefined : validationErrors.notSupported(`${field}.channel "${channel}"`, refused, details);
}
