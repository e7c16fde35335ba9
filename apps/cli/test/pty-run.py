#!/usr/bin/env python3
# Runs a command on a pseudo-terminal, as a user at a terminal would: its output is copied to
# stdout, every byte read on stdin is typed at the terminal (so "\x03" is Ctrl-C, delivered by the
# terminal as SIGINT), and this script exits with the command's exit status (128 + signal if killed).
import os
import pty
import select
import sys

pid, master = pty.fork()
if pid == 0:
    os.execvp(sys.argv[1], sys.argv[1:])

stdin_open = True
while True:
    readers = [master] + ([sys.stdin.fileno()] if stdin_open else [])
    ready, _, _ = select.select(readers, [], [], 0.05)
    if master in ready:
        try:
            data = os.read(master, 65536)
        except OSError:
            data = b''
        if not data:
            break
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
    if sys.stdin.fileno() in ready:
        typed = os.read(sys.stdin.fileno(), 1024)
        if typed:
            os.write(master, typed)
        else:
            stdin_open = False

_, status = os.waitpid(pid, 0)
sys.exit(os.WEXITSTATUS(status) if os.WIFEXITED(status) else 128 + os.WTERMSIG(status))
