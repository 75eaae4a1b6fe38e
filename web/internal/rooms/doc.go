// Package rooms is the model of classroom rooms: a presenter drives, its
// followers mirror it. A Hub holds this server's rooms by code; a Room
// holds its page, the presenter's state, its followers, the answers to
// the exercise it shows, and its lifetime. What a room sends its pages
// goes to each Page as the latest message of a slot.
//
// With a Bus, the replicas of a server behind a load balancer share
// their rooms: a registry of the codes open and a stream of events per
// room. No lock of the rooms is held across a call to the bus. The
// package knows nothing of HTTP: web serves the rooms' pages and sockets.
package rooms
