-- Staff sessions end after a period without activity (issue 26): the admin signs the person out
-- after `minutes` without a key press, click or scroll in any of their tabs, and says why. The
-- number is a site setting (admins change it; everyone may read it, like every site setting).

insert into public.site_settings (setting_key, setting_value)
values ('staff_idle_timeout', '{"minutes": 30}')
on conflict (setting_key) do nothing;

-- A whole number of minutes from 5 (shorter signs people out while they read) to 720 (a working day).
alter table public.site_settings add constraint site_settings_staff_idle_timeout_shape check (
  setting_key <> 'staff_idle_timeout'
  or (
    jsonb_typeof(setting_value -> 'minutes') = 'number'
    and (setting_value ->> 'minutes')::numeric = trunc((setting_value ->> 'minutes')::numeric)
    and (setting_value ->> 'minutes')::numeric between 5 and 720
  )
);
