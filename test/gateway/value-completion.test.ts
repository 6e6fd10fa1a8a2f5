import type { GraphQLRequestContextWillSendResponse } from '@apollo/server';
import type { GatewayContext } from '../../gateway/gateway';
import { reportValueCompletion } from '../../gateway/value-completion';
import { setLogLevel } from '../../lib/log';

async function send(singleResult: Record<string, unknown>) {
  setLogLevel('silent');
  const listener = await reportValueCompletion().requestDidStart!({} as never);
  const context = {
    response: { body: { kind: 'single', singleResult } },
    contextValue: { requestId: 'r-1', principal: null },
  } as unknown as GraphQLRequestContextWillSendResponse<GatewayContext>;
  await listener!.willSendResponse!(context);
  return singleResult;
}

it("turns the gateway's valueCompletion reports into masked errors, keeping other extensions", async () => {
  const result = await send({
    data: { alert: null },
    extensions: {
      valueCompletion: [{ message: 'Cannot return null for non-nullable field Organization.name.', path: ['alert', 'organization', 'name'] }],
      other: 1,
    },
  });
  expect(result).toEqual({
    data: { alert: null },
    extensions: { other: 1 },
    errors: [{ message: 'Internal server error', path: ['alert', 'organization', 'name'], extensions: { code: 'INTERNAL_SERVER_ERROR' } }],
  });
});

it('leaves a complete answer alone', async () => {
  const result = await send({ data: { me: { id: 'x' } } });
  expect(result).toEqual({ data: { me: { id: 'x' } } });
});
