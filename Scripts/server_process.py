"""What a running server process holds, read from /proc (Linux): its open descriptors and
its memory. Shared by the hostile-client, soak and load checks."""
import argparse
import os
import time


class ServerProcess:
    def __init__(self, pid):
        self.pid = pid

    def descriptors(self):
        return len(os.listdir(f"/proc/{self.pid}/fd"))

    def resident_mib(self, field="VmRSS"):
        """`VmRSS` (resident now) or `VmHWM` (the peak), in MiB."""
        with open(f"/proc/{self.pid}/status") as status:
            for line in status:
                if line.startswith(field + ":"):
                    return int(line.split()[1]) / 1024
        return 0.0

    def cpu_seconds(self):
        """The processor time it has used, user and system."""
        with open(f"/proc/{self.pid}/stat") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def settle(self, at_most, seconds=10):
        """Waits (at most `seconds`) until at most `at_most` descriptors are open; whether they were."""
        deadline = time.monotonic() + seconds
        while self.descriptors() > at_most:
            if time.monotonic() > deadline:
                return False
            time.sleep(0.1)
        return True


def main():
    """Run alone, it only describes itself: the checks import it."""
    argparse.ArgumentParser(description="What a running server process holds, read from /proc: "
                                        "a module the hostile-client, soak and load checks import.").parse_args()


if __name__ == "__main__":
    main()
