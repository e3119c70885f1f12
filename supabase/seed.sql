-- Local and preview data for Ascent, a professional training institute on Kiambu Road, Nairobi.
-- Runs once after the migrations (npm start, supabase db reset). Event dates are relative to
-- now() so that the past/upcoming split stays true whenever the database is seeded.

-- Services: one row per /services/<slug> route of the site --------------------------------------

insert into public.services (slug, title, description, icon, is_published, sort_order) values
  ('strategic-leadership', 'Strategic Leadership',
   'Leadership development for boards, executives and senior managers: strategy formulation and execution, leading through change, and building high-performing leadership teams across public and private institutions.',
   'compass', true, 10),
  ('professional-development', 'Professional Development',
   'Short courses and certification preparation that keep professionals current, from business writing and presentation skills to project management and customer experience.',
   'graduation-cap', true, 20),
  ('digital-transformation', 'Digital Transformation',
   'Helping organisations adopt digital tools with purpose: data-driven decision making, process automation, cybersecurity awareness and change management for technology projects.',
   'cpu', true, 30),
  ('financial-excellence', 'Financial Excellence',
   'Financial management training for finance teams and non-finance managers: budgeting, IFRS reporting, treasury management, tax compliance and public financial management.',
   'landmark', true, 40),
  ('governance-risk-excellence', 'Governance and Risk Excellence',
   'Board governance, enterprise risk management, internal audit and compliance programs aligned with the Mwongozo code and the Capital Markets Authority corporate governance code.',
   'shield-check', true, 50),
  ('agribusiness-training', 'Agribusiness Training',
   'Practical training for cooperatives, agro-processors and agricultural lenders: value chain development, post-harvest management, farm business planning and agricultural finance.',
   'sprout', true, 60),
  ('training-and-development', 'Training and Development',
   'Training needs analysis, curriculum design and in-house programs built around each client''s competency framework, with evaluation of learning outcomes on the job.',
   'presentation', true, 70),
  ('hr-advisory', 'HR Advisory',
   'Human resource advisory on organisational design, job evaluation, performance management systems, HR policy manuals and compliance with the Employment Act.',
   'users', true, 80),
  ('enterprise-development', 'Enterprise Development',
   'Business development support for SMEs and youth- and women-led enterprises: business planning, bookkeeping, access to finance and market linkages.',
   'briefcase', true, 90),
  ('team-building', 'Team Building',
   'Facilitated team-building retreats in Nairobi, Naivasha and Nanyuki that combine outdoor challenges with structured reflection on trust, communication and collaboration.',
   'handshake', true, 100);

-- Training programs: 25 across eight categories, priced in USD (regional cohorts) or KES ---------

insert into public.training_programs
  (slug, title, category, focus, description, duration, delivery_mode, price_amount, currency, is_published, sort_order)
values
  ('executive-leadership-programme', 'Executive Leadership Programme', 'Leadership',
   'Strategy execution and leading senior teams',
   'A five-day programme for directors and heads of department on setting strategic direction, translating strategy into measurable objectives and holding leadership teams accountable for delivery.',
   '5 days', 'in-person', 1250.00, 'USD', true, 10),
  ('women-in-leadership', 'Women in Leadership', 'Leadership',
   'Executive presence, negotiation and sponsorship',
   'Built for women stepping into senior roles: executive presence, negotiating with confidence, building sponsorship networks and leading across generations.',
   '3 days', 'hybrid', 65000.00, 'KES', true, 20),
  ('first-time-managers', 'First-Time Managers Bootcamp', 'Leadership',
   'Delegation, feedback and managing former peers',
   'Practical skills for newly promoted supervisors: setting expectations, delegating well, giving feedback that lands and managing people who were recently their peers.',
   '2 days', 'in-person', 38000.00, 'KES', true, 30),
  ('leading-change', 'Leading Organisational Change', 'Leadership',
   'Change management for restructuring and mergers',
   'Tools for leaders driving restructuring, mergers or new operating models: stakeholder mapping, communication plans, handling resistance and sustaining momentum after go-live.',
   '3 days', 'virtual', 450.00, 'USD', true, 40),
  ('finance-for-non-finance-managers', 'Finance for Non-Finance Managers', 'Finance',
   'Reading financial statements and managing budgets',
   'Helps managers read an income statement and balance sheet, understand cash flow, prepare departmental budgets and ask the right questions of their finance team.',
   '3 days', 'in-person', 52000.00, 'KES', true, 50),
  ('ifrs-reporting-update', 'IFRS Reporting Update', 'Finance',
   'IFRS 9, IFRS 16 and IFRS 17 in practice',
   'A technical update for accountants on expected credit loss models, lease accounting and insurance contracts, with worked examples from East African reporters.',
   '2 days', 'hybrid', 480.00, 'USD', true, 60),
  ('treasury-and-cash-management', 'Treasury and Cash Management', 'Finance',
   'Liquidity planning, FX exposure and bank relationships',
   'Covers cash forecasting, managing shilling and dollar liquidity, hedging foreign exchange exposure and negotiating with banks for treasury officers and finance managers.',
   '3 days', 'in-person', 690.00, 'USD', true, 70),
  ('public-financial-management', 'Public Financial Management', 'Finance',
   'PFM Act compliance for national and county governments',
   'For county and national government finance officers: budget cycles under the Public Finance Management Act, IFMIS controls, procurement linkages and audit readiness.',
   '5 days', 'in-person', 85000.00, 'KES', true, 80),
  ('data-analytics-for-decision-makers', 'Data Analytics for Decision Makers', 'Digital',
   'Dashboards, KPIs and evidence-based decisions',
   'Managers learn to define meaningful KPIs, read dashboards critically, commission analysis and use data to support decisions, using Excel and Power BI examples.',
   '3 days', 'hybrid', 58000.00, 'KES', true, 90),
  ('cybersecurity-awareness-for-leaders', 'Cybersecurity Awareness for Leaders', 'Digital',
   'Cyber risk, data protection and incident response',
   'What boards and executives need to know about phishing, ransomware, the Data Protection Act 2019 and leading an organisation through a security incident.',
   '1 day', 'virtual', 250.00, 'USD', true, 100),
  ('digital-transformation-strategy', 'Digital Transformation Strategy', 'Digital',
   'Building and governing a digital roadmap',
   'How to assess digital maturity, prioritise automation opportunities, build a business case and govern digital projects so they deliver measurable value.',
   '4 days', 'in-person', 950.00, 'USD', true, 110),
  ('ai-productivity-for-professionals', 'AI for Workplace Productivity', 'Digital',
   'Responsible use of generative AI at work',
   'Hands-on sessions on using generative AI tools for drafting, analysis and research, with clear guidance on accuracy checks, confidentiality and responsible use.',
   '2 days', 'virtual', 32000.00, 'KES', true, 120),
  ('board-governance-essentials', 'Board Governance Essentials', 'Governance & Risk',
   'Director duties, board committees and evaluation',
   'For new and serving directors of state corporations, SACCOs and private companies: fiduciary duties, committee charters, board evaluation and working with management.',
   '2 days', 'in-person', 75000.00, 'KES', true, 130),
  ('enterprise-risk-management', 'Enterprise Risk Management', 'Governance & Risk',
   'ISO 31000 risk frameworks and risk appetite',
   'Designing and embedding an ERM framework: risk identification workshops, risk registers, appetite statements and reporting risk to the board.',
   '3 days', 'hybrid', 720.00, 'USD', true, 140),
  ('internal-audit-and-controls', 'Internal Audit and Internal Controls', 'Governance & Risk',
   'Risk-based auditing and control testing',
   'Risk-based audit planning, testing internal controls, fraud red flags and writing audit reports that management acts on, aligned to the IIA standards.',
   '4 days', 'in-person', 68000.00, 'KES', true, 150),
  ('agricultural-value-chains', 'Agricultural Value Chain Development', 'Agribusiness',
   'Dairy, horticulture and grain value chains',
   'Analysing value chains from input supply to market, identifying bottlenecks and designing interventions for dairy, horticulture and grain cooperatives.',
   '4 days', 'in-person', 45000.00, 'KES', true, 160),
  ('cooperative-management', 'Cooperative and SACCO Management', 'Agribusiness',
   'Governance and financial management of cooperatives',
   'For cooperative board members and managers: member relations, governance under the Cooperative Societies Act, credit management and financial reporting.',
   '3 days', 'in-person', 36000.00, 'KES', true, 170),
  ('agri-finance-for-lenders', 'Agricultural Finance for Lenders', 'Agribusiness',
   'Appraising and structuring farm loans',
   'Equips loan officers to appraise farm enterprises, understand seasonal cash flows, structure repayment around harvests and manage weather and price risk.',
   '3 days', 'hybrid', 520.00, 'USD', true, 180),
  ('strategic-hr-management', 'Strategic Human Resource Management', 'Human Resources',
   'Aligning people strategy with business strategy',
   'For HR managers and business partners: workforce planning, talent management, succession planning and measuring the impact of HR on business results.',
   '4 days', 'in-person', 62000.00, 'KES', true, 190),
  ('performance-management-systems', 'Performance Management Systems', 'Human Resources',
   'Balanced scorecards, appraisals and performance contracts',
   'Designing fair performance management: cascading objectives, balanced scorecards, performance contracting in the public sector and conducting appraisal conversations.',
   '3 days', 'hybrid', 48000.00, 'KES', true, 200),
  ('employment-law-for-managers', 'Employment Law for Managers', 'Human Resources',
   'The Employment Act, discipline and fair termination',
   'Managers learn the Employment Act and Labour Relations Act in practice: contracts, disciplinary procedures, fair termination and avoiding costly disputes.',
   '2 days', 'in-person', 35000.00, 'KES', true, 210),
  ('sme-growth-accelerator', 'SME Growth Accelerator', 'Enterprise',
   'Business planning and access to finance for SMEs',
   'A practical programme for owners of growing businesses: sharpening the business model, bookkeeping, pricing, preparing for lenders and investors, and winning public tenders under AGPO.',
   '6 weeks (Saturdays)', 'hybrid', 28000.00, 'KES', true, 220),
  ('youth-entrepreneurship-bootcamp', 'Youth Entrepreneurship Bootcamp', 'Enterprise',
   'From idea to first customers',
   'An intensive bootcamp for young entrepreneurs: validating an idea, costing a product, digital marketing on a small budget and pitching to partners.',
   '5 days', 'in-person', 15000.00, 'KES', true, 230),
  ('project-management-professional', 'Project Management Professional (PMP) Preparation', 'Professional Development',
   'PMP exam preparation and project delivery',
   'Thirty-five contact hours of PMP exam preparation covering predictive, agile and hybrid approaches, with mock exams and application support.',
   '5 days', 'virtual', 850.00, 'USD', true, 240),
  ('business-writing-and-presentation', 'Business Writing and Presentation Skills', 'Professional Development',
   'Clear reports, briefs and presentations',
   'Write board papers, reports and e-mails that are read and acted on, and present with confidence to senior audiences.',
   '2 days', 'in-person', 29000.00, 'KES', true, 250);

-- Events: past and upcoming, relative to now() ------------------------------------------------

insert into public.events
  (title, description, category, venue, mode, starts_at, ends_at, registration_url, is_published)
values
  ('Nairobi Leadership Forum 2026',
   'A one-day forum where chief executives and senior public servants shared how they led their organisations through restructuring and tight budgets.',
   'Leadership', 'Ascent Training Centre, Kiambu Road, Nairobi', 'in-person',
   date_trunc('day', now()) - interval '120 days' + interval '8 hours',
   date_trunc('day', now()) - interval '120 days' + interval '17 hours', null, true),
  ('IFRS 17 Breakfast Briefing',
   'An early-morning briefing for insurance finance teams on the first full reporting cycle under IFRS 17 and the questions auditors asked.',
   'Finance', 'Westlands conference suite, Nairobi', 'in-person',
   date_trunc('day', now()) - interval '95 days' + interval '7 hours',
   date_trunc('day', now()) - interval '95 days' + interval '10 hours', null, true),
  ('Cybersecurity for Boards Webinar',
   'A 90-minute webinar on the cyber threats facing Kenyan organisations and the questions directors should put to management.',
   'Digital', 'Online (Zoom)', 'virtual',
   date_trunc('day', now()) - interval '70 days' + interval '11 hours',
   date_trunc('day', now()) - interval '70 days' + interval '12 hours 30 minutes', null, true),
  ('Dairy Value Chain Field Day',
   'A field day with dairy cooperatives in Kiambu County on milk quality, chilling centres and negotiating with processors.',
   'Agribusiness', 'Githunguri, Kiambu County', 'in-person',
   date_trunc('day', now()) - interval '45 days' + interval '9 hours',
   date_trunc('day', now()) - interval '45 days' + interval '16 hours', null, true),
  ('HR Practitioners Roundtable: Performance Contracting',
   'HR managers from state corporations compared how they set, cascade and review performance contracts.',
   'Human Resources', 'Ascent Training Centre, Kiambu Road, Nairobi', 'hybrid',
   date_trunc('day', now()) - interval '21 days' + interval '14 hours',
   date_trunc('day', now()) - interval '21 days' + interval '17 hours', null, true),
  ('Women in Leadership Networking Evening',
   'An evening of conversation and mentoring matches for alumnae of the Women in Leadership programme.',
   'Leadership', 'Ascent Training Centre, Kiambu Road, Nairobi', 'in-person',
   date_trunc('day', now()) - interval '7 days' + interval '17 hours',
   date_trunc('day', now()) - interval '7 days' + interval '20 hours', null, true),
  ('Governance and Risk Summit',
   'A two-day summit for directors, risk officers and internal auditors on risk appetite, board oversight of technology and the updated Mwongozo code.',
   'Governance & Risk', 'Upper Hill conference centre, Nairobi', 'in-person',
   date_trunc('day', now()) + interval '12 days' + interval '8 hours',
   date_trunc('day', now()) + interval '13 days' + interval '17 hours',
   'https://ascent.example/events/governance-risk-summit', true),
  ('Open Day: Training Programmes Showcase',
   'Meet our facilitators, sample short sessions from our leadership, finance and digital programmes and get help choosing a course.',
   'Open Day', 'Ascent Training Centre, Kiambu Road, Nairobi', 'in-person',
   date_trunc('day', now()) + interval '19 days' + interval '9 hours',
   date_trunc('day', now()) + interval '19 days' + interval '15 hours',
   'https://ascent.example/events/open-day', true),
  ('Data Analytics Masterclass',
   'A hands-on masterclass on turning operational data into dashboards that management actually uses. Bring a laptop with Excel or Power BI.',
   'Digital', 'Online (Microsoft Teams)', 'virtual',
   date_trunc('day', now()) + interval '26 days' + interval '9 hours',
   date_trunc('day', now()) + interval '26 days' + interval '13 hours',
   'https://ascent.example/events/data-analytics-masterclass', true),
  ('SACCO Leaders Breakfast',
   'SACCO chairpersons and managers discuss credit risk, member retention and the regulator''s latest guidance over breakfast.',
   'Agribusiness', 'Nakuru town conference venue', 'in-person',
   date_trunc('day', now()) + interval '33 days' + interval '7 hours',
   date_trunc('day', now()) + interval '33 days' + interval '10 hours',
   'https://ascent.example/events/sacco-leaders-breakfast', true),
  ('Public Finance Management Clinic for Counties',
   'A working clinic for county finance officers on budget absorption, pending bills and audit queries, with peer problem-solving sessions.',
   'Finance', 'Kisumu lakeside conference venue', 'hybrid',
   date_trunc('day', now()) + interval '41 days' + interval '8 hours',
   date_trunc('day', now()) + interval '42 days' + interval '16 hours',
   'https://ascent.example/events/pfm-clinic', true),
  ('Team Building Retreat: Lake Naivasha',
   'A two-day retreat combining outdoor challenges with facilitated sessions on trust and communication. Open to teams of 10 to 40.',
   'Team Building', 'Lake Naivasha lakeside retreat', 'in-person',
   date_trunc('day', now()) + interval '55 days' + interval '9 hours',
   date_trunc('day', now()) + interval '56 days' + interval '15 hours',
   'https://ascent.example/events/naivasha-retreat', true),
  ('SME Access to Finance Forum',
   'Small-business owners meet lenders, SACCOs and impact investors to understand what they look for in a loan or investment application.',
   'Enterprise', 'Ascent Training Centre, Kiambu Road, Nairobi', 'hybrid',
   date_trunc('day', now()) + interval '68 days' + interval '9 hours',
   date_trunc('day', now()) + interval '68 days' + interval '16 hours',
   'https://ascent.example/events/sme-finance-forum', true),
  ('AI at Work: Responsible Adoption Webinar',
   'How Kenyan organisations are setting policies for generative AI, protecting confidential data and training staff to check AI output.',
   'Digital', 'Online (Zoom)', 'virtual',
   date_trunc('day', now()) + interval '80 days' + interval '11 hours',
   date_trunc('day', now()) + interval '80 days' + interval '12 hours 30 minutes',
   'https://ascent.example/events/ai-at-work', true),
  -- A draft: visible to staff in /admin, hidden from the public site.
  ('Annual Alumni Gala (draft)',
   'Programme, venue and guest speakers still being confirmed.',
   'Alumni', 'To be confirmed, Nairobi', 'in-person',
   date_trunc('day', now()) + interval '150 days' + interval '18 hours',
   date_trunc('day', now()) + interval '150 days' + interval '22 hours', null, false);

-- Impact metrics shown on the home page ------------------------------------------------------

insert into public.impact_metrics (label, value, suffix, sort_order, is_published) values
  ('Professionals trained', 12500, '+', 10, true),
  ('Organisations served', 480, '+', 20, true),
  ('Counties reached', 38, '', 30, true),
  ('Participant satisfaction', 96, '%', 40, true),
  ('Programmes delivered', 650, '+', 50, true),
  ('Years of experience', 12, '+', 60, true);

-- Site settings --------------------------------------------------------------------------------

insert into public.site_settings (setting_key, setting_value) values
  ('maintenance_mode', '{"is_active": false}');

-- Program intakes: two upcoming runs for most programs (a third for the first few), none for the
-- last three (they sell as "next available intake"). Dates are relative to today in Nairobi and
-- start on Mondays; online programs meet online, the others at the training centre. -------------

insert into public.program_intakes (program_id, starts_on, ends_on, is_online, venue, capacity, is_published)
select p.id, s.starts_on,
       s.starts_on + case
         when p.duration ~ '^[0-9]+ weeks?' then (substring(p.duration from '^[0-9]+')::integer * 7 - 2)
         when p.duration ~ '^[0-9]+ days?' then (substring(p.duration from '^[0-9]+')::integer - 1)
         else 0 end,
       p.delivery_mode = 'virtual',
       case when p.delivery_mode = 'virtual' then null else 'Ascent Training Centre, Kiambu Road, Nairobi' end,
       case when p.delivery_mode = 'virtual' then 40 else 25 end,
       true
from (select *, (row_number() over (order by sort_order))::integer as n from public.training_programs) p
cross join lateral (
  select (date_trunc('week', (now() at time zone 'Africa/Nairobi')::date + 14 + (p.n % 4)::integer * 7)::date + k * 56) as starts_on
  from generate_series(0, case when p.n <= 5 then 2 else 1 end) as k
) s
where p.n <= (select count(*) - 3 from public.training_programs);

-- A FULL intake: Women in Leadership's first run (12 seats), booked out by one company's order.
update public.program_intakes set capacity = 12
where id = (select i.id from public.program_intakes i join public.training_programs p on p.id = i.program_id
            where p.slug = 'women-in-leadership' order by i.starts_on limit 1);

insert into private.order_reference_counters (year, last_number)
values (extract(year from now() at time zone 'Africa/Nairobi')::integer, 1);

with seed_order as (
  insert into public.orders (customer_name, customer_email, customer_phone, organisation, po_number, payment_method,
                             currency, terms_accepted_at, reference, confirmation_token, idempotency_key,
                             request_hash, client_key)
  values ('Grace Wanjiku', 'grace.wanjiku@ascent.example', '+254712000111', 'Kenya Women Leaders Network', 'PO-2026-0042',
          'invoice', 'KES', now(),
          format('ASC-%s-000001', extract(year from now() at time zone 'Africa/Nairobi')::integer),
          translate(encode(extensions.gen_random_bytes(32), 'base64'), '+/=', '-_'),
          gen_random_uuid(), md5('seed'), 'seed')
  returning id
), seed_item as (
  insert into public.order_items (order_id, position, program_id, intake_id, title, unit_price, currency, quantity)
  select o.id, 1, p.id, i.id, p.title, p.price_amount, p.currency, 12
  from seed_order o
  cross join public.training_programs p
  join public.program_intakes i on i.program_id = p.id and i.capacity = 12
  where p.slug = 'women-in-leadership'
  returning id
)
insert into public.order_participants (order_item_id, position, full_name, email)
select it.id, n.position, n.full_name, null
from seed_item it
cross join unnest(array['Grace Wanjiku', 'Achieng Otieno', 'Fatuma Hassan', 'Mary Njeri', 'Esther Chebet',
                        'Wairimu Kamau', 'Naliaka Wekesa', 'Amina Abdi', 'Joyce Mutua', 'Lucy Akinyi',
                        'Purity Jeptoo', 'Halima Noor']) with ordinality as n(full_name, position);
