/** The {id, name} answer of a dropdown over one of the fixed reference lists (004-catalog.ts). */
import type { IdName } from '../../../shared/models/lookup.js';
import type { RequestContext } from '../context.js';
import type { Entity } from '../ids/entities.js';
import { referenceList, type ReferenceList } from '../store/reference-list.js';

export const referenceDropdown = (ctx: RequestContext, list: ReferenceList & Entity): IdName[] =>
  referenceList(ctx.db, list)
    .all()
    .map((r) => ({ id: ctx.enc.encode(list, r.id), name: r.name }));
