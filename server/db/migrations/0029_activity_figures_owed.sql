-- The one cumulative rule's stored output (0028: activity_figures, activity_figures_daily) is
-- computed by the server (src/domain/entries/cumulative-rule.ts), so SQL only marks which
-- activities are owed a recomputation, in the writer's transaction: whoever changes an own
-- committed Daily Total (insert, update, delete, a moved entry), a reporting period, an
-- activity's country or a place's parent. The committer recomputes its activity before it
-- commits; a read recomputes whatever is still owed (server/db/repositories/activity-figures.ts).
CREATE OR REPLACE FUNCTION activity_figures_owe_reports() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_figures_owed (disease_activity_id)
  SELECT DISTINCT c.disease_activity_id FROM changed c
  JOIN disease_activities a ON a.disease_activity_id = c.disease_activity_id
  WHERE c.type = 4
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_figures_owe_reports_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_figures_owed (disease_activity_id)
  SELECT disease_activity_id FROM (
    SELECT disease_activity_id FROM changed WHERE type = 4
    UNION SELECT disease_activity_id FROM previous WHERE type = 4
  ) touched JOIN disease_activities a USING (disease_activity_id)
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_figures_owe_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_figures_owed (disease_activity_id)
  SELECT DISTINCT c.disease_activity_id FROM changed c
  JOIN disease_activities a ON a.disease_activity_id = c.disease_activity_id
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- An activity moved to another country (its rule's root).
CREATE OR REPLACE FUNCTION activity_figures_owe_moved_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_figures_owed (disease_activity_id)
  SELECT n.disease_activity_id FROM changed n
  JOIN previous o ON o.disease_activity_id = n.disease_activity_id
  WHERE o.country_id IS DISTINCT FROM n.country_id
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
-- A place moved under another parent: the activities with an own Daily Total at it or below it.
CREATE OR REPLACE FUNCTION activity_figures_owe_locations() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO activity_figures_owed (disease_activity_id)
  WITH RECURSIVE moved AS (
    SELECT n.id FROM changed n JOIN previous o ON o.id = n.id
    WHERE o.parent_id IS DISTINCT FROM n.parent_id
    UNION
    SELECT l.id FROM locations l JOIN moved m ON l.parent_id = m.id
  )
  SELECT DISTINCT r.disease_activity_id FROM reports r JOIN moved m ON r.location_id = m.id
  WHERE r.type = 4 AND r.report_status = 2 AND NOT r.is_nesting_entry
  ORDER BY 1
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER reports_figures_insert AFTER INSERT ON reports REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_reports();--> statement-breakpoint
CREATE TRIGGER reports_figures_update AFTER UPDATE ON reports REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_reports_update();--> statement-breakpoint
CREATE TRIGGER reports_figures_delete AFTER DELETE ON reports REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_reports();--> statement-breakpoint
CREATE TRIGGER reporting_periods_figures_insert AFTER INSERT ON reporting_periods REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_activity();--> statement-breakpoint
CREATE TRIGGER reporting_periods_figures_update AFTER UPDATE ON reporting_periods REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_activity();--> statement-breakpoint
CREATE TRIGGER reporting_periods_figures_delete AFTER DELETE ON reporting_periods REFERENCING OLD TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_activity();--> statement-breakpoint
CREATE TRIGGER disease_activities_figures_update AFTER UPDATE ON disease_activities REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_moved_activity();--> statement-breakpoint
CREATE TRIGGER locations_figures_update AFTER UPDATE ON locations REFERENCING OLD TABLE AS previous NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION activity_figures_owe_locations();--> statement-breakpoint
-- Backfill: every existing activity is owed its figures; the server computes them at start
-- (after the migrations, under the start-up lock) and any read computes what is still owed.
INSERT INTO activity_figures_owed (disease_activity_id) SELECT disease_activity_id FROM disease_activities ON CONFLICT DO NOTHING;
