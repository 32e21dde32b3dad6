print("lensd")
