import { sql } from 'drizzle-orm';
import { bigint, customType, integer, pgView, text } from 'drizzle-orm/pg-core';

const tsvector = customType<{ data: string; driverData: string }>({
  dataType: () => 'tsvector',
});

/**
 * The `feeds` index (the article source search, spec 000 §7, §9): a read-only view of
 * `data_sources`, so it is never out of step with the source lookup by URL and needs no
 * indexer. A document per registered web domain, with its category, group and priority by id
 * and by name. `domainWords` is the domain's labels as words ('afro who int'), the field the
 * search looks in: a domain is one token to PostgreSQL and to Azure's standard analyzer alike,
 * so 'who*' would miss 'afro.who.int'. Its tsvector is computed per query (about a hundred
 * rows; a GIN index would not pay).
 */
export const searchFeeds = pgView('search_feeds', {
  key: text('key'),
  id: bigint('id', { mode: 'number' }),
  domain: text('domain'),
  domainWords: text('domainWords'),
  sourceCategoryId: integer('sourceCategoryId'),
  sourceCategory: text('sourceCategory'),
  sourceGroupId: integer('sourceGroupId'),
  sourceGroup: text('sourceGroup'),
  sourcePriorityId: integer('sourcePriorityId'),
  sourcePriority: text('sourcePriority'),
  domainWordsTsv: tsvector('domainWords_tsv'),
}).as(sql`
  select
    s.id::text as "key",
    s.id::bigint as "id",
    s.domain as "domain",
    translate(s.domain, '.-', '  ') as "domainWords",
    s.category_id as "sourceCategoryId",
    c.display_name as "sourceCategory",
    s.group_id as "sourceGroupId",
    g.display_name as "sourceGroup",
    s.priority_id as "sourcePriorityId",
    p.display_name as "sourcePriority",
    to_tsvector('simple'::regconfig, translate(s.domain, '.-', '  ')) as "domainWords_tsv"
  from data_sources s
  join data_source_categories c on c.id = s.category_id
  join data_source_groups g on g.id = s.group_id
  join data_source_priorities p on p.id = s.priority_id`);
