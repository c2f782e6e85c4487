import fastifyPlugin from 'fastify-plugin';
import { brandJudgeModel, type BrandJudgeModel } from '../../../core/brand/index.ts';
import { loadModelCatalogue, type ModelCatalogue } from '../../../core/catalogue/index.ts';

declare module 'fastify' {
  interface FastifyInstance {
    catalogue: ModelCatalogue;
    /** The operator's brand judge (BRAND_JUDGE_MODEL), checked against the catalogue; undefined when none. */
    brandJudgeModel: BrandJudgeModel | undefined;
  }
}

/** The engines, models and prices, read and validated once at start; with them, the brand judge they must list. */
export default fastifyPlugin(
  async (app) => {
    const catalogue = loadModelCatalogue(app.config);
    app.decorate('catalogue', catalogue);
    const judge = brandJudgeModel(app.config, catalogue);
    app.decorate('brandJudgeModel', judge);
    app.log.info({ brandJudge: judge ? `${judge.id} (${judge.chosen})` : 'off' }, 'brand judge');
  },
  { name: 'catalogue', dependencies: ['configuration'] },
);
