/** `npm run race:replay`: fires a recorded race trial's requests concurrently again (fixtures/harness/race/replay.ts).
 * */
import { readTrialRecord, replayTrials } from '../fixtures/harness/race/replay.ts';
import { tokenRaceTarget } from '../fixtures/harness/race/targets.ts';
import { CommandError, integerFlag, runMain } from './lib/run-main.ts';

runMain({
  name: 'race:replay',
  summary:
    'Replays a race failure: fires the synchronised requests of a recorded trial (race-trial.json of a race ' +
    "test's evidence) concurrently again, TRIALS times, with the check's last-byte synchronisation and " +
    "oracle, and says how many trials broke atomicity. Its evidence's reproduce.sh runs it.",
  options: {
    'base-url': {
      type: 'string',
      value: 'URL',
      help: "the target's origin (default: the one the trial was recorded against)",
    },
    trials: { type: 'string', value: 'N', help: 'how many times (default 10, 1 to 1000)' },
  },
  positionals: 'TRIAL.json',
  environment: { TOKEN: 'a bearer token of the API user that ran the trial (never on the command line)' },
  exitCodes: {
    0: 'every trial held',
    1: 'some trial broke atomicity: the failure reproduces',
    2: 'usage error, no token, or the target could not be reached',
  },
  crashExitCode: 2,
  run: async (values, positionals) => {
    if (positionals.length !== 1)
      throw new CommandError('give the trial file: npm run race:replay -- path/to/race-trial.json');
    const token = process.env.TOKEN;
    if (!token)
      throw new CommandError(
        'set TOKEN to a bearer token of the API user that ran the trial (the first lines of its reproduce.sh say how)',
      );
    let record;
    try {
      record = readTrialRecord(positionals[0]!);
    } catch (error) {
      throw new CommandError((error as Error).message);
    }
    const baseUrl = (values['base-url'] ?? record.recordedAgainst).replace(/\/+$/, '');
    const trials = values.trials ? integerFlag('--trials', values.trials, { min: 1, max: 1000 }) : 10;
    const outcome = await replayTrials(record, tokenRaceTarget(baseUrl, token), baseUrl, trials, (line) =>
      console.log(line),
    );
    return outcome.broke > 0 ? 1 : 0;
  },
});
