import assert from 'node:assert/strict';
import { readFacts } from '../../../src/core/infra/classify';

const services = (text: string): string[] => {
  const facts = readFacts('azure.yaml', text);
  assert.equal(facts?.kind, 'azd');
  return [...(facts?.kind === 'azd' ? facts.services.map((s) => `${s.host}@${s.pos.line}:${s.pos.column}`) : []), ...(facts?.problems ?? []).map((p) => `problem@${p.line}: ${p.reason}`)];
};

describe('azure.yaml read with the yaml package', () => {
  it('block maps, flow maps, quoted hosts and comments, with the host key\'s line and column', () => {
    const text = "# azd project\nname: todo\nservices:\n  web:\n    project: ./src/web\n    host: 'staticwebapp' # the front end\n  api: { project: ./src/api, host: containerapp }\n  \"worker\":\n    host: \"function\"\n";
    assert.deepEqual(services(text), ['staticwebapp@6:5', 'containerapp@7:30', 'function@9:5']);
  });

  it('a half-typed azure.yaml keeps the services it still states, and says it is not valid', () => {
    const text = 'services:\n  web:\n    host: appservice\n  api:\n    host: [containerapp\n';
    const rows = services(text);
    assert.equal(rows[0], 'appservice@3:5');
    assert.equal(rows.length, 2);
    assert.match(rows[1] ?? '', /^problem@\d+: azure\.yaml is not valid YAML \(.+\); what could be read was checked$/);
  });

  it('services that are not a map, and hosts that are not a word, are left unread', () => {
    assert.deepEqual(services('services:\n  - web\n'), []);
    assert.deepEqual(services('services:\n  web:\n    host: ${HOST}\n'), []);
  });
});
