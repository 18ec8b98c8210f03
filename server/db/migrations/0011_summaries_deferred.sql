-- A save or commit writes its reports, links and Daily Totals one statement at a time, and each
-- statement's trigger recomputed the activity's index figures over all its reports: a commit
-- cost its rows times the activity's history. A writer may now hold the refresh back for its
-- transaction (ist.summaries_deferred) and refresh the activity once before it commits
-- (server/db/repositories/summaries-deferred.ts). Every other writer is unchanged.
CREATE OR REPLACE FUNCTION activity_summaries_by_activity() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ist.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM activity_summaries_refresh(ARRAY(SELECT DISTINCT disease_activity_id FROM changed));
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION activity_summaries_by_report() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF current_setting('ist.summaries_deferred', true) = 'on' THEN RETURN NULL; END IF;
  PERFORM activity_summaries_refresh(ARRAY(
    SELECT DISTINCT r.disease_activity_id FROM changed ch JOIN reports r ON r.id = ch.report_id));
  RETURN NULL;
END $$;
