// Reproduction (not a copy): the hook's JSON input from stdin.
module.exports = () =>
  new Promise((resolve) => {
    let text = '';
    process.stdin.on('data', (c) => (text += c));
    process.stdin.on('end', () => resolve(JSON.parse(text || '{}')));
  });
