/**
 * What CloudFront Functions' JavaScript runtime 2.0 documents, as data: AWS, "JavaScript
 * runtime 2.0 features for CloudFront Functions", Amazon CloudFront Developer Guide
 * (https://docs.aws.amazon.com/AmazonCloudFront/latest/DeveloperGuide/functions-javascript-runtime-20.html).
 * The runtime is ES 5.1 plus the ES 6–12 features that page lists; anything it does not list
 * is treated as missing. cloudfront-features.test.ts parses the emitted function and refuses
 * any syntax, global, static method or method call outside these lists.
 */

/** ES 5.1 syntax (every statement, operator and expression of ES 5.1 is supported). */
const ES5_NODES = [
  'Program', 'ExpressionStatement', 'BlockStatement', 'EmptyStatement', 'ReturnStatement', 'LabeledStatement', 'BreakStatement',
  'ContinueStatement', 'IfStatement', 'SwitchStatement', 'SwitchCase', 'ThrowStatement', 'TryStatement', 'CatchClause',
  'WhileStatement', 'DoWhileStatement', 'ForStatement', 'ForInStatement', 'FunctionDeclaration', 'VariableDeclaration',
  'VariableDeclarator', 'ThisExpression', 'ArrayExpression', 'ObjectExpression', 'Property', 'FunctionExpression',
  'UnaryExpression', 'UpdateExpression', 'BinaryExpression', 'AssignmentExpression', 'LogicalExpression', 'MemberExpression',
  'ConditionalExpression', 'CallExpression', 'NewExpression', 'SequenceExpression', 'Identifier', 'Literal',
];

/**
 * Syntax nodes the runtime takes: ES 5.1's, `const`/`let` (their declarations are
 * VariableDeclaration nodes), template literals, arrow functions, rest parameters (only as a
 * function's last parameter), `async`/`await`.
 */
export const SYNTAX_NODES: readonly string[] = [...ES5_NODES, 'TemplateLiteral', 'TemplateElement', 'ArrowFunctionExpression', 'RestElement', 'AwaitExpression'];

/** Operators beyond ES 5.1's: the exponentiation operator only (no `??`, no logical assignment). */
export const ES5_LOGICAL = ['&&', '||'];
export const ES5_ASSIGNMENT = ['=', '+=', '-=', '*=', '/=', '%=', '<<=', '>>=', '>>>=', '&=', '|=', '^='];
export const EXTRA_BINARY = ['**'];

/** Regular expression flags (ES 5.1's; the runtime also documents named capture groups). */
export const REGEXP_FLAGS = 'gim';

/** Globals: constructors and objects, error types, global functions and constants. */
export const GLOBALS: readonly string[] = [
  'Object', 'String', 'Number', 'Math', 'Date', 'RegExp', 'JSON', 'Array', 'Float32Array', 'Float64Array', 'Int8Array', 'Int16Array',
  'Int32Array', 'Uint8Array', 'Uint8ClampedArray', 'Uint16Array', 'Uint32Array', 'ArrayBuffer', 'Promise', 'DataView', 'Symbol',
  'TextDecoder', 'TextEncoder', 'console', 'Error', 'EvalError', 'InternalError', 'RangeError', 'ReferenceError', 'SyntaxError',
  'TypeError', 'URIError', 'globalThis', 'decodeURI', 'decodeURIComponent', 'encodeURI', 'encodeURIComponent', 'isFinite', 'isNaN',
  'parseFloat', 'parseInt', 'atob', 'btoa', 'NaN', 'Infinity', 'undefined', 'arguments',
];

const MATH = [
  'E', 'LN10', 'LN2', 'LOG10E', 'LOG2E', 'PI', 'SQRT1_2', 'SQRT2', 'abs', 'acos', 'acosh', 'asin', 'asinh', 'atan', 'atan2', 'atanh', 'cbrt',
  'ceil', 'clz32', 'cos', 'cosh', 'exp', 'expm1', 'floor', 'fround', 'hypot', 'imul', 'log', 'log1p', 'log2', 'log10', 'max', 'min', 'pow',
  'random', 'round', 'sign', 'sinh', 'sin', 'sqrt', 'tan', 'tanh', 'trunc',
];

/** Properties and methods of the globals, by global (`prototype` is always allowed). */
export const STATIC: { readonly [global: string]: readonly string[] } = {
  Object: [
    'create', 'defineProperties', 'defineProperty', 'freeze', 'getOwnPropertyDescriptor', 'getOwnPropertyDescriptors', 'getOwnPropertyNames',
    'getPrototypeOf', 'isExtensible', 'isFrozen', 'isSealed', 'keys', 'preventExtensions', 'seal', 'assign', 'entries', 'values',
  ],
  String: ['fromCharCode', 'fromCodePoint'],
  Number: [
    'EPSILON', 'MAX_SAFE_INTEGER', 'MIN_SAFE_INTEGER', 'MAX_VALUE', 'MIN_VALUE', 'NaN', 'NEGATIVE_INFINITY', 'POSITIVE_INFINITY',
    'isFinite', 'isInteger', 'isNaN', 'isSafeInteger', 'parseInt', 'parseFloat',
  ],
  Math: MATH,
  JSON: ['parse', 'stringify'],
  Array: ['isArray', 'of'],
  Promise: ['all', 'allSettled', 'any', 'reject', 'resolve', 'race'],
  Symbol: ['for', 'keyFor'],
  console: ['log'],
};

/** Methods the page lists on prototypes (String, Number, Object, Function, RegExp, Array, typed arrays, Promise, Date). */
export const PROTOTYPE_METHODS: readonly string[] = [
  // String
  'charAt', 'concat', 'indexOf', 'lastIndexOf', 'match', 'replace', 'search', 'slice', 'split', 'substr', 'substring', 'toLowerCase', 'trim',
  'toUpperCase', 'codePointAt', 'endsWith', 'includes', 'repeat', 'startsWith', 'padStart', 'padEnd', 'trimStart', 'trimEnd', 'replaceAll',
  // Number
  'toExponential', 'toFixed', 'toPrecision',
  // Object
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable', 'toString', 'valueOf', 'is', 'setPrototypeOf',
  // Function
  'apply', 'bind', 'call',
  // RegExp
  'exec', 'test',
  // Array (and typed arrays)
  'every', 'filter', 'forEach', 'join', 'map', 'pop', 'push', 'reduce', 'reduceRight', 'reverse', 'shift', 'some', 'sort', 'splice',
  'unshift', 'copyWithin', 'fill', 'find', 'findIndex', 'set', 'subarray',
  // Promise
  'catch', 'finally', 'then',
  // Date ("all ES 5.1 Date features")
  'getTime', 'getFullYear', 'getMonth', 'getDate', 'getDay', 'getHours', 'getMinutes', 'getSeconds', 'getMilliseconds', 'getUTCFullYear',
  'getUTCMonth', 'getUTCDate', 'getUTCDay', 'getUTCHours', 'getUTCMinutes', 'getUTCSeconds', 'getUTCMilliseconds', 'getTimezoneOffset',
  'toISOString', 'toUTCString', 'toJSON',
];
