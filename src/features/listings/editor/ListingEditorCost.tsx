import { Alert, Button, Skeleton, Text } from '@mantine/core';
import { Link } from 'react-router-dom';
import { t } from '@/lib/catalogue/screens.ts';
import { paths } from '@/lib/paths.ts';

const c = t.listingEditor.cost;

/** /buy-credits with the way back to `back`. */
export const buyCreditsPath = (back: string) => `${paths.buyCredits}?${new URLSearchParams({ redirect: back }).toString()}`;

/** What publishing costs and the balance; with too few credits, says so and links to /buy-credits and back. */
export function ListingEditorCost({
  budget,
  loading,
  failed,
  back,
}: {
  budget: { cost: number; credits: number } | undefined;
  loading: boolean;
  failed: boolean;
  back: string;
}) {
  if (loading) return <Skeleton height={56} aria-label={c.loading} />;
  if (failed || !budget) return <Alert color="yellow">{c.loadFailed}</Alert>;
  const short = budget.credits < budget.cost;
  return (
    <Alert color={short ? 'red' : 'blue'} title={c.title} data-testid="creation-cost">
      <Text size="sm">{c.line(budget.cost)}</Text>
      <Text size="sm" fw={600} data-testid="credit-balance">
        {c.balance(budget.credits)}
      </Text>
      {short && (
        <>
          <Text size="sm" mt="xs" role="alert">
            {c.notEnough(budget.cost, budget.credits)}
          </Text>
          <Button component={Link} to={buyCreditsPath(back)} size="xs" mt="xs" color="red">
            {c.buy}
          </Button>
        </>
      )}
    </Alert>
  );
}
