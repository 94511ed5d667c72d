import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Container, Paper, Tabs, Text, Title } from '@mantine/core';
import { t } from '@/lib/catalogue/index.ts';
import { LoginForm } from './LoginForm.tsx';
import { RegisterForm } from './RegisterForm.tsx';
import { ResetPasswordForm } from './ResetPasswordForm.tsx';

const m = t.auth.page;

/** /auth?tab=login|register&redirect=…&ref=… (the /auth guard sends signed-in viewers on). */
export default function AuthPage() {
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'register' ? 'register' : 'login';
  const [resetting, setResetting] = useState(false);

  const selectTab = (value: string | null) => {
    const next = new URLSearchParams(params);
    next.set('tab', value === 'register' ? 'register' : 'login');
    setResetting(false);
    setParams(next, { replace: true });
  };

  return (
    <Container size={440} px="md" py="lg">
      <Title order={1} size="h2" ta="center">
        {m.title}
      </Title>
      <Text c="dimmed" size="sm" ta="center" mb="md">
        {m.subtitle}
      </Text>
      <Paper withBorder shadow="sm" p="md" radius="md">
        <Tabs value={tab} onChange={selectTab}>
          <Tabs.List grow mb="md">
            <Tabs.Tab value="login">{m.tabLogin}</Tabs.Tab>
            <Tabs.Tab value="register">{m.tabRegister}</Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="login">
            {resetting ? <ResetPasswordForm onBack={() => setResetting(false)} /> : <LoginForm onForgot={() => setResetting(true)} />}
          </Tabs.Panel>
          <Tabs.Panel value="register">
            <RegisterForm referral={params.get('ref')} />
          </Tabs.Panel>
        </Tabs>
      </Paper>
    </Container>
  );
}
