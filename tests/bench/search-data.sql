-- 100k public listings for the search bench. Run as a superuser on a bench
-- database that has every migration: triggers and FK checks are skipped (replica mode) so
-- the listings can belong to a handful of synthetic owners.
set session_replication_role = replica;

create temporary table bench_cities (i int primary key, name text);
insert into bench_cities
select row_number() over () - 1, c from unnest(array['Roma','Milano','Napoli','Torino','Palermo','Genova','Bologna','Firenze',
  'Bari','Catania','Venezia','Verona','Messina','Padova','Trieste','Brescia','Parma','Taranto','Prato','Modena',
  'Reggio Calabria','Reggio Emilia','Perugia','Livorno','Ravenna','Cagliari','Foggia','Rimini','Salerno','Ferrara',
  'Sassari','Latina','Monza','Siracusa','Pescara','Bergamo','Forlì','Trento','Vicenza','Terni']) c;

insert into public.listings (id, user_id, title, category, city, zone, age, description, created_at, expires_at,
  is_premium, promotion_mode, promotion_start_at, promotion_end_at, last_bumped_at, is_paused, slug,
  ethnicity, nationality, breast_type, hair_color, body_type, eye_color, meeting_type, availability_for,
  meeting_location, offered_services, hourly_rate)
select
  -- Ids from g, so today's database and the new one hold the same rows and break rank ties
  -- (created_at repeats every 20,000 listings) the same way.
  md5('bench-' || g)::uuid,
  ('00000000-0000-4000-8000-' || lpad((g % 500)::text, 12, '0'))::uuid,
  (array['Bellissima','Dolcissima','Affascinante','Sensuale','Elegante','Simpatica','Raffinata','Solare'])[1 + g % 8]
    || ' ' || (array['ragazza','signora','massaggiatrice','compagna','amica'])[1 + (g / 8) % 5] || ' a ' || c.name || ' #' || g,
  (array['donne','donne','donne','uomini','trans','coppie','massaggi'])[1 + g % 7],
  c.name,
  (array['Centro','Stazione','Nord','Sud','Porto','Università', null])[1 + (g / 3) % 7],
  18 + (g * 7) % 50,
  'Annuncio di prova numero ' || g || ': ' ||
    (array['massaggi rilassanti e momenti indimenticabili','cene eleganti e viaggi','disponibile per aperitivi in centro',
           'ambiente riservato e pulito','esperienza tantrica e relax totale','solo persone educate'])[1 + g % 6],
  now() - ((g % 20000) || ' minutes')::interval,
  now() + interval '20 days',
  g % 100 = 0,
  case when g % 100 = 0 then 'day' end,
  case when g % 100 = 0 then now() - interval '1 day' end,
  case when g % 100 = 0 then now() + interval '2 days' end,
  case when g % 5 = 0 then now() - ((g % 3000) || ' minutes')::interval end,
  g % 50 = 1,
  'bench-' || g,
  array[(array['europea','latina','asiatica','africana','araba','indiana','mediterranea','mista'])[1 + g % 8]],
  array[(array['italiana','albanese','brasiliana','cinese','colombiana','cubana','francese','moldava','polacca','romena','russa','spagnola','ucraina','venezuelana','altra'])[1 + g % 15]],
  array[(array['naturale','rifatto'])[1 + g % 2]],
  array[(array['bionda','castana','mora','rossa','nera','colorata'])[1 + g % 6]],
  array[(array['magra','snella','atletica','normale','formosa','curvy'])[1 + (g / 2) % 6]],
  array[(array['azzurri','verdi','castani','neri','grigi','nocciola'])[1 + (g / 3) % 6]],
  array[(array['cena','aperitivo','relax','massaggio','viaggio','altro'])[1 + g % 6], (array['cena','aperitivo','relax','massaggio','viaggio','altro'])[1 + (g / 6) % 6]],
  array[(array['mattina','pomeriggio','sera','notte','weekend'])[1 + g % 5]],
  array[(array['mio-domicilio','tuo-domicilio','hotel','esterno','online'])[1 + (g / 5) % 5]],
  array[(array['69','baci-profondi','bacio-leggero','girlfriend-experience','massaggio-tantrico','sesso-orale','rapporto-sessuale'])[1 + g % 7],
        (array['massaggio-professionale','massaggio-sensuale-con-corpo','porn-star-experience','altro'])[1 + g % 4]],
  50 + (g * 13) % 450
from generate_series(1, 100000) g
join bench_cities c on c.i = g % 40;

insert into public.listing_photos (listing_id, url, is_primary, created_at)
select l.id, 'https://example.invalid/bench/' || l.slug || '-' || n || '.jpg', n = 1, l.created_at + (n || ' seconds')::interval
from public.listings l
cross join generate_series(1, 5) n
where l.slug like 'bench-%' and (n = 1 or l.is_premium);

set session_replication_role = origin;
analyze public.listings;
analyze public.listing_photos;
