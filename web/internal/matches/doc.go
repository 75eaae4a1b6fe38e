// Package matches keeps the games the web pages start: the arena matches
// between two engines (a Hub of them, each Match's progress, records,
// SPRT and status, kept on disk so that a server started again lists
// them, and stopped from their page) and the games a person plays
// against an engine on the play page (a Session per page, which closes a
// page left idle, Players counting them).
package matches
