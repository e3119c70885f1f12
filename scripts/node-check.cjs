/**
 * One sentence instead of a stack trace when the Node running a command is too old.
 * `npm install` may run on an older Node (18+): it installs the Node 24 the project runs on (the
 * `node` package puts it in node_modules/.bin, which npm scripts put first on PATH). Written in
 * plain old CommonJS so that any Node can parse it and print the sentence.
 *
 *   node scripts/node-check.cjs install   (preinstall: can this Node and npm install the project?)
 *   node scripts/node-check.cjs run       (before start, test, dev: is this the Node 24 from npm install?)
 */
'use strict';

var RUN_MINIMUM = [22, 12];
var INSTALL_NODE_MINIMUM = [18, 0];
var INSTALL_NPM_MINIMUM = [9, 0];

function parse(version) {
  var parts = String(version || '')
    .replace(/^v/, '')
    .split('.');
  return [Number(parts[0]) || 0, Number(parts[1]) || 0];
}

function atLeast(version, minimum) {
  var v = parse(version);
  return v[0] > minimum[0] || (v[0] === minimum[0] && v[1] >= minimum[1]);
}

/** npm's version from npm_config_user_agent ("npm/11.19.1 node/v20.20.2 linux x64 ..."). */
function npmVersionOf(userAgent) {
  var match = /(?:^|\s)npm\/(\d+\.\d+\.\d+)/.exec(String(userAgent || ''));
  return match ? match[1] : undefined;
}

/** The sentence to print, or undefined when this Node (and npm) can do `mode`. */
function problem(mode, nodeVersion, npmUserAgent) {
  if (mode === 'install') {
    var npmVersion = npmVersionOf(npmUserAgent);
    var npmOk = npmVersion === undefined || atLeast(npmVersion, INSTALL_NPM_MINIMUM);
    if (atLeast(nodeVersion, INSTALL_NODE_MINIMUM) && npmOk) return undefined;
    return (
      'Ascent needs Node 18 or newer with npm 9 or newer to install (npm install then fetches the Node 24 it runs on); ' +
      'this is Node ' +
      nodeVersion +
      (npmVersion ? ' with npm ' + npmVersion : '') +
      ': install a current Node.js LTS, then run `npm install` again.'
    );
  }
  if (atLeast(nodeVersion, RUN_MINIMUM)) return undefined;
  return (
    'Ascent runs on the Node 24 that `npm install` puts in node_modules/.bin, but this is Node ' +
    nodeVersion +
    ': run `npm install` (without --ignore-scripts), then this command again.'
  );
}

module.exports = { problem: problem };

if (require.main === module) {
  var mode = process.argv[2] === 'install' ? 'install' : 'run';
  var sentence = problem(mode, process.versions.node, process.env.npm_config_user_agent);
  if (sentence) {
    console.error(sentence);
    process.exit(1);
  }
}
