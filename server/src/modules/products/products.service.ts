import {
  addFigures,
  groupProducts,
  oeeOf,
  productMatches,
  type ProductFigures,
  type ProductItem,
} from '@mouldwatch/shared';
import type { AppContext } from '../../app-context.js';
import type { Principal } from '../access/access.service.js';
import type { Sums } from '../reports/reports.presenter.js';
import { emptySums, type ReportsService, type ReportWindow } from '../reports/reports.service.js';
import { ProductsRepository } from './products.repository.js';

/** Shots, parts, rejects and good parts of report sums (a mould's, or a product's moulds' added up). */
export function productFigures(sums: readonly Sums[]): ProductFigures {
  const figures = addFigures(sums.map((sum) => sum.figures));
  return {
    shots: figures.shots,
    parts: figures.parts,
    reject: figures.reject,
    good: oeeOf(figures).good,
    rejects_recorded: sums.some((sum) => sum.rejects_recorded),
  };
}

/**
 * The Product List (issue 24): the caller's moulds grouped by part ID, a page at a time, each product
 * with its moulds' live states and their production in the period — the reports' own per-mould sums
 * (roll-ups, slots and the work orders' rejects), so a product's good parts are the report's.
 */
export class ProductsService {
  readonly #repository: ProductsRepository;

  constructor(
    context: AppContext,
    private readonly reports: ReportsService,
  ) {
    this.#repository = new ProductsRepository(context.db);
  }

  async list(
    principal: Principal,
    search: string,
    window: ReportWindow,
    page: number,
    limit: number,
  ): Promise<{ items: ProductItem[]; total: number }> {
    const products = groupProducts(await this.#repository.moulds(principal.userId)).filter((product) =>
      productMatches(product, search),
    );
    const shown = products.slice((page - 1) * limit, page * limit);
    // Asked even for an empty page: the report checks the period (a bad one is a 400 either way).
    const report = await this.reports.groupedSummary(
      principal,
      { moldIds: shown.flatMap((product) => product.moulds.map((mould) => mould.id)) },
      window,
    );
    const sumsOf = (moldId: number) => report.perMould.get(moldId) ?? emptySums();
    const items = shown.map(({ part_id, project_names, moulds, states, online }) => ({
      part_id,
      project_names,
      mould_count: moulds.length,
      states,
      online,
      ...productFigures(moulds.map((mould) => sumsOf(mould.id))),
      moulds: moulds.map(({ part_id: _part, ...mould }) => ({ ...mould, ...productFigures([sumsOf(mould.id)]) })),
    }));
    return { items, total: products.length };
  }
}
