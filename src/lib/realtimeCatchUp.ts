/**
 * A channel's `subscribe` callback that calls `onChange` each time the channel has joined: the
 * first time, for the changes made between the screen's first read and the join, which the
 * channel never sees; again after a reconnect, for those made while it was away. Without it a
 * report filed in that gap stayed off the staff's list until the next change.
 */
export function catchUpOnJoin(onChange: () => void): (status: string) => void {
  return (status) => {
    if (status === 'SUBSCRIBED') onChange();
  };
}
