print("graph-server 0.1.0")
