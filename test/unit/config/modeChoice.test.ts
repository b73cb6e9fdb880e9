import assert from 'node:assert/strict';
import { resolveMode, settingWinsMessage } from '../../../src/ui/config/modeChoice';

describe('mode: a setting the user wrote, else the Use Sample Service choice, else azure', () => {
  it('a new user with no setting and no choice gets azure', () => {
    assert.deepEqual(resolveMode({}, undefined), { mode: 'azure', source: 'default' });
    assert.deepEqual(resolveMode(undefined, undefined), { mode: 'azure', source: 'default' });
  });

  it('Use Sample Service (the choice in the workspace state) applies when no setting says otherwise', () => {
    assert.deepEqual(resolveMode({}, 'sample'), { mode: 'sample', source: 'choice' });
    assert.deepEqual(resolveMode({ globalValue: undefined }, 'azure'), { mode: 'azure', source: 'choice' });
  });

  it('a mode in any settings scope wins over the choice: the most specific scope first', () => {
    assert.deepEqual(resolveMode({ globalValue: 'azure' }, 'sample'), { mode: 'azure', source: 'userSetting' });
    assert.deepEqual(resolveMode({ globalValue: 'azure', workspaceValue: 'sample' }, 'azure'), { mode: 'sample', source: 'workspaceSetting' });
    assert.deepEqual(resolveMode({ globalValue: 'sample', workspaceValue: 'sample', workspaceFolderValue: 'azure' }, 'sample'), { mode: 'azure', source: 'folderSetting' });
  });

  it('a hand-edited setting that is not a mode (a typo) is skipped, as is a corrupt stored choice', () => {
    assert.deepEqual(resolveMode({ workspaceValue: 'Sample ', globalValue: 42 }, 'sample'), { mode: 'sample', source: 'choice' });
    assert.deepEqual(resolveMode({}, { mode: 'sample' }), { mode: 'azure', source: 'default' });
  });

  it('says where the overriding setting is only when a setting beat the choice', () => {
    assert.equal(settingWinsMessage('sample', { mode: 'sample', source: 'choice' }), undefined);
    assert.equal(settingWinsMessage('sample', { mode: 'sample', source: 'userSetting' }), undefined);
    assert.equal(
      settingWinsMessage('sample', { mode: 'azure', source: 'userSetting' }),
      'Service Health stays on Azure: serviceHealth.mode is set to "azure" in your user settings, and a setting wins over this choice; remove or change it to switch.',
    );
    assert.match(settingWinsMessage('azure', { mode: 'sample', source: 'folderSetting' }) ?? '', /stays on the sample service: .* in this folder's settings/);
  });
});
