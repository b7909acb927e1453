"""Validates remindc's SARIF with sarif-pydantic's models of SARIF 2.1.0.

    sarif_check.py FILE.sarif

Prints "ok", or the validation errors and exits with 1.
"""
import json
import sys

from sarif_pydantic import Sarif


def main():
    data = json.load(open(sys.argv[1], encoding="utf-8"))
    try:
        Sarif.model_validate(data)
    except Exception as error:  # the model's errors, all of them
        print(error)
        sys.exit(1)
    print("ok")


if __name__ == "__main__":
    main()
