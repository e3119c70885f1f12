/** /admin/intakes/:id: an intake's roster, attendance, session days and completion rule; `children` (the route's) follow. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { IntakeRoster } from './api/get-intake-roster';
import { AttendanceGrid } from './attendance-grid';
import { CompletionRuleForm } from './completion-rule-form';
import { intakeLine } from './roster-format';
import { RosterTable } from './roster-table';
import { SessionDaysSection } from './session-days-section';
import './admin-rosters.css';

export function RosterPage({
  roster: { intake, ruleShare, participants, unnamedSeats, days, marks },
  orderStatusLabel,
  children,
}: {
  roster: IntakeRoster;
  orderStatusLabel: (status: string) => string;
  children?: ReactNode;
}) {
  const program = intake.training_programs;
  return (
    <section className="admin-catalogue admin-roster">
      <p>
        <Link to={`/admin/training-programs/${program.id}`}>← {program.title} and its intakes</Link>
      </p>
      <h1>Roster: {program.title}</h1>
      <p>{intakeLine(intake)}</p>
      <RosterTable
        intakeId={intake.id}
        fileStem={`roster-${intake.starts_on}`}
        participants={participants}
        unnamedSeats={unnamedSeats}
        orderStatusLabel={orderStatusLabel}
      />
      <AttendanceGrid participants={participants} days={days} marks={marks} />
      <SessionDaysSection intake={intake} days={days} marks={marks} />
      <CompletionRuleForm programId={program.id} programTitle={program.title} ruleShare={ruleShare} />
      {children}
    </section>
  );
}
