CREATE VIEW "public"."search_feeds" AS (
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
  join data_source_priorities p on p.id = s.priority_id);