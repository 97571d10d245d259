import { Module } from '@nestjs/common';
import { CreateSubTppUseCase } from './create-sub-tpp.usecase.js';
import { DeleteSubTppUseCase } from './delete-sub-tpp.usecase.js';
import { GetSubTppUseCase } from './get-sub-tpp.usecase.js';
import { ListSubTppChildrenUseCase } from './list-sub-tpp-children.usecase.js';
import { ListSubTppsUseCase } from './list-sub-tpps.usecase.js';

const USE_CASES = [
  CreateSubTppUseCase,
  ListSubTppsUseCase,
  GetSubTppUseCase,
  ListSubTppChildrenUseCase,
  DeleteSubTppUseCase,
];

/** The sub-TPP use cases (repositories come from DbModule, the clock from PlatformModule). */
@Module({ providers: USE_CASES, exports: USE_CASES })
export class SubTppsApplicationModule {}
