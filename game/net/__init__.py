"""Play over the network: the authority behind a WebSocket, and a seat's window on it.

`server` runs matches (the host's app in a thread, or `python -m game serve`), `room` is one
match there, `ledger` its writes and the news waiting for them, `writer` the server's one thread
for the store, `client` is a remote seat's window, `protocol` the messages between them
(docs/network.md), `keys` the join codes and seat tokens.
"""
