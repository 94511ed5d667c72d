import { Link } from 'react-router-dom';
import { Avatar, Menu, Text, UnstyledButton } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { paths } from '@/lib/paths.ts';

const h = t.frame.header;

const links = [
  { to: paths.dashboard, label: h.dashboard },
  { to: paths.myListings, label: h.myListings },
  { to: paths.creditHistory, label: h.credits },
  { to: paths.myCoupons, label: h.myCoupons },
  { to: paths.myTickets, label: h.myTickets },
  { to: paths.favourites, label: h.favourites },
  { to: paths.savedSearches, label: h.savedSearches },
  { to: paths.profileSettings, label: h.settings },
];

/** The avatar's letter: the display name's first, else the e-mail's; none while the name is loading (undefined). */
function avatarLetter(name: string | null | undefined, email: string): string {
  if (name === undefined) return '';
  const [first = ''] = Array.from(name?.trim() || email);
  return first.toLocaleUpperCase('it-IT');
}

/** 'My Account' menu: the e-mail, the account links and 'Log out'. */
export function AccountMenu({ email, name, onLogout }: { email: string; name: string | null | undefined; onLogout: () => void }) {
  return (
    <Menu position="bottom-end" width={230} shadow="md" withinPortal withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <UnstyledButton aria-label={h.accountButton} style={{ borderRadius: '50%' }}>
          <Avatar color="pink" radius="xl" size={36}>
            {avatarLetter(name, email)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        {/* A menu may only hold menu items: the heading and e-mail are one inert item. */}
        <Menu.Item component="div" disabled style={{ opacity: 1, cursor: 'default' }}>
          <Text size="xs" fw={700} c="gray.8" tt="uppercase">
            {h.accountMenu}
          </Text>
          <Text size="sm" c="dark.6" truncate="end" data-testid="account-email">
            {email}
          </Text>
        </Menu.Item>
        <Menu.Divider />
        {links.map((l) => (
          <Menu.Item key={l.to} component={Link} to={l.to}>
            {l.label}
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item color="red.9" onClick={onLogout}>
          {h.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
