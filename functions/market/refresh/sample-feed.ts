import { buildSampleMaster } from '../sample/build-sample-master';
import type { MasterFeed } from './master-feed';

/**
 * The paper exchange's master: the sample generator run for the day being built, so expiries roll
 * forward day by day on one machine exactly as the brokers' files do on AWS. Its rows carry the
 * `paper` token (the script id).
 */
export const sampleMasterFeed: MasterFeed = {
  name: 'paper',
  async load({ asOf }) {
    return { broker: 'paper', instruments: buildSampleMaster(asOf).instruments, skipped: 0, rejected: [] };
  },
};
